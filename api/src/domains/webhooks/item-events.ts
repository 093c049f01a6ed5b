// Tells a team's webhooks (and a video's callback_url) that an avatar, voice or video is ready or failed, with the
// item as the public API shows it.
import { eq } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { avatars, videos, voices } from '../../db/schema';
import { avatarJson, videoJson, voiceJson } from '../public-api/serialize';
import { emitEvent } from './service';

export type ItemKind = 'avatar' | 'voice' | 'video';

/** `<kind>.ready` or `<kind>.failed` with the item as GET /api/v1 shows it (a video's callback_url gets it too). */
export async function emitItemEvent(ctx: AppContext, kind: ItemKind, id: string, outcome: 'ready' | 'failed') {
  const base = ctx.config.publicApiUrl;
  if (kind === 'avatar') {
    const [row] = await ctx.db.select().from(avatars).where(eq(avatars.id, id));
    if (row) await emitEvent(ctx, row.teamId, `avatar.${outcome}`, avatarJson(ctx, base, row));
  } else if (kind === 'voice') {
    const [row] = await ctx.db.select().from(voices).where(eq(voices.id, id));
    if (row) await emitEvent(ctx, row.teamId, `voice.${outcome}`, voiceJson(ctx, base, row));
  } else {
    const [row] = await ctx.db.select().from(videos).where(eq(videos.id, id));
    if (row) await emitEvent(ctx, row.teamId, `video.${outcome}`, videoJson(ctx, base, row), row.callbackUrl);
  }
}
