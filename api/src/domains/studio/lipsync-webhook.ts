// Replicate's word that a prediction ended (POST, signed per Standard Webhooks with the secret of
// GET /v1/webhooks/default/secret, LIPSYNC_WEBHOOK_SECRET): the video waiting for it is rendered again, and that
// render follows the prediction by the id stored when it was created, takes its output and finishes the video.
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { type AppContext } from '../app-context';
import { videos } from '../../db/schema';
import { LIPSYNC_WEBHOOK_PATH } from '../../config/providers';
import { QUEUES } from '../../jobs/queue';
import { fail } from '../../lib/errors';
import type { App } from '../../routing/typed';

const ENDED = ['succeeded', 'failed', 'canceled', 'aborted'];

export function lipSyncWebhookRoutes(app: App, ctx: AppContext) {
  const webhook = ctx.config.lipSync?.webhook;
  if (!webhook) return;
  const verifier = new Webhook(webhook.secret);
  app.register(async (scope) => {
    // The signature covers the exact bytes Replicate sent.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(LIPSYNC_WEBHOOK_PATH, async (request) => {
      let prediction: { id?: unknown; status?: unknown };
      try {
        if (!Buffer.isBuffer(request.body)) throw new Error('not the raw body');
        prediction = verifier.verify(request.body.toString(), request.headers as Record<string, string>) as typeof prediction;
      } catch {
        throw fail(401, 'invalid_signature');
      }
      if (typeof prediction.id === 'string' && ENDED.includes(String(prediction.status))) {
        const [video] = await ctx.db
          .select({ id: videos.id })
          .from(videos)
          .where(and(eq(videos.lipsyncEngine, 'replicate'), eq(videos.lipsyncJobId, prediction.id), eq(videos.status, 'in_progress')));
        if (video) await ctx.jobs.send(QUEUES.video, { videoId: video.id });
      }
      return { received: true };
    });
  });
}
