// POST /api/v1/verify: the body is a video file (video/mp4 or application/octet-stream, up to VERIFY_MAX_BYTES); the
// answer says what its Content Credentials say: a Kagami video or not, whose, and whether it was altered.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type AppContext } from '../app-context';
import { readCredentials } from '../../engine';
import { fail } from '../../lib/errors';
import { probeMedia } from '../../media/probe';

export const VERIFY_MAX_BYTES = 2 * 1024 ** 3;

export function verifyRoute(app: FastifyInstance, ctx: AppContext, options: Record<string, unknown>) {
  app.register(async (scope) => {
    scope.addContentTypeParser(['video/mp4', 'application/octet-stream'], (_request, payload, done) => done(null, payload));
    scope.post('/api/v1/verify', { ...options, bodyLimit: VERIFY_MAX_BYTES }, async (request) => {
      if (!(request.body as Readable | undefined)?.pipe) throw fail(415, 'unsupported_video_format');
      const file = join(tmpdir(), `kagami-verify-${randomUUID()}.mp4`);
      try {
        let received = 0;
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, next) {
            received += chunk.length;
            next(received > VERIFY_MAX_BYTES ? fail(413, 'upload_too_large') : null, chunk);
          },
        });
        await pipeline(request.body as Readable, counted, createWriteStream(file));
        if (!(await probeMedia(file))?.video) throw fail(400, 'unsupported_video_format');
        return await readCredentials(ctx.credentials, file);
      } finally {
        await rm(file, { force: true });
      }
    });
  });
}
