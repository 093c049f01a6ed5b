// POST /api/v1/verify: the body is a video file (video/mp4 or application/octet-stream, up to VERIFY_MAX_BYTES); the
// answer says what its Content Credentials say: a Kagami video or not, whose, and whether it was altered.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { type AppContext } from '../app-context';
import { readCredentials } from '../../engine';
import { fail } from '../../lib/errors';
import { probeMedia } from '../../media/probe';
import type { App } from '../../routing/typed';

export const VERIFY_MAX_BYTES = 2 * 1024 ** 3;

export function verifyRoute(app: App, ctx: AppContext, options: Record<string, unknown>) {
  app.register(async (scope) => {
    scope.addContentTypeParser(['video/mp4', 'application/octet-stream'], (_request, payload, done) => done(null, payload));
    scope.post('/api/v1/verify', { ...options, bodyLimit: VERIFY_MAX_BYTES }, async (request) => {
      const { body } = request;
      if (!(body instanceof Readable)) throw fail(415, 'unsupported_video_format');
      const file = join(tmpdir(), `kagami-verify-${randomUUID()}.mp4`);
      try {
        let received = 0;
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, next) {
            received += chunk.length;
            next(received > VERIFY_MAX_BYTES ? fail(413, 'upload_too_large') : null, chunk);
          },
        });
        await pipeline(body, counted, createWriteStream(file));
        if (!(await probeMedia(file))?.video) throw fail(400, 'unsupported_video_format');
        return await readCredentials(ctx.credentials, file);
      } finally {
        await rm(file, { force: true });
      }
    });
  });
}
