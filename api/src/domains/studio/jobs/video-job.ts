// What the video's jobs share: the video and avatar rows it is made from and what its plan allows, its files fetched
// from storage into a folder of its own, the engine's input built from the row, and the plan of its parts.
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { readFile } from 'node:fs/promises';
import { captionStyleField, frameSizeOf, type CaptionStyle, type ContentLanguage } from '@kagami/shared/validation';
import type { AppContext } from '../../app-context';
import { avatars, teams, videos, type VideoElement, type VideoScene } from '../../../db/schema';
import {
  EngineFailure,
  type Backdrop,
  type Cue,
  type Framing,
  type PhonemeEvent,
  type RenderInput,
  type ScenePart,
  type SceneSpan,
  type Spoken,
  type VideoClaims,
} from '../../../engine';
import { QUEUES } from '../../../jobs/queue';
import { isDiskFull } from '../../../media/tools';
import type { StoredFile } from '../../../storage/media-store';
import { allowanceOwnerOf } from '../../billing/quota';
import type { Allowance } from '../../billing/plans';
import { apiPlanOf, appPlanOf } from '../../billing/subscriptions';
import { withBackdrop } from '../backgrounds';
import { withElementFiles } from '../pictures';
import { withBrand } from '../brand-kit';
import { consentVerified } from '../serialize';
import { segmentFiles } from '../service';

/** A video to render and what it is charged to: whether it carries the watermark. */
export type VideoJob = {
  video: typeof videos.$inferSelect;
  avatar: typeof avatars.$inferSelect;
  allowance: Allowance | undefined;
  watermark: boolean;
  /** A scene's text and pictures (a video of one plain scene has none). */
  elements?: VideoElement[];
};

export async function videoJobOf(ctx: AppContext, videoId: string): Promise<VideoJob | null> {
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, videoId));
  if (!video || video.status !== 'in_progress') return null;
  const [avatar] = video.avatarId ? await ctx.db.select().from(avatars).where(eq(avatars.id, video.avatarId)) : [];
  if (!avatar?.loop) throw new EngineFailure('avatar_missing');
  const allowance = await allowanceOfVideo(ctx, video);
  const watermark = ctx.config.watermark && (await videoWantsWatermark(ctx, video, allowance));
  return { video, avatar, allowance, watermark };
}

/** The stored files a video is made from: the avatar's (and the uploaded audio, or `audio` instead). */
const renderFilesOf = ({ video, avatar }: VideoJob, audio?: StoredFile) => ({
  loop: ['avatar_output', avatar.loop!] as StoredFile,
  photo: avatar.sourceKind === 'photo' && avatar.source ? (['avatar_input', avatar.source] as StoredFile) : null,
  mouth: avatar.mouth ? (['avatar_output', avatar.mouth] as StoredFile) : null,
  matte: avatar.matte ? (['avatar_output', avatar.matte] as StoredFile) : null,
  audio: audio ?? (video.audioSource ? (['avatar_input', video.audioSource] as StoredFile) : null),
});

/** What the plan the video is charged to allows (the app plan, or the API plan for a video made with the key). */
async function allowanceOfVideo(ctx: AppContext, video: typeof videos.$inferSelect) {
  const owner = await allowanceOwnerOf(ctx.db, video.teamId);
  const current = video.source === 'api' ? await apiPlanOf(ctx.db, owner) : await appPlanOf(ctx.db, owner);
  return current?.plan.allowance;
}

async function videoWantsWatermark(ctx: AppContext, video: typeof videos.$inferSelect, allowance: Allowance | undefined) {
  const [team] = await ctx.db.select({ keep: teams.keepWatermark }).from(teams).where(eq(teams.id, video.teamId));
  if (team?.keep ?? false) return true;
  return !allowance?.watermarkRemoval;
}

/** The video's frame, background and placement, as the engine takes them. */
export const framingOf = (video: typeof videos.$inferSelect, background: Backdrop): Framing => ({
  frame: frameSizeOf(video.aspectRatio, video.resolution),
  background,
  placement: video.placement,
});

/** The captions' look: the video's own, its unset parts (and videos made before styles) the defaults. */
export const captionStyleOf = (video: typeof videos.$inferSelect): CaptionStyle => v.parse(captionStyleField, video.captionStyle ?? {});

/** What a finished video's Content Credentials say of it. */
export async function claimsOf(
  ctx: AppContext,
  video: typeof videos.$inferSelect,
  avatar: typeof avatars.$inferSelect,
): Promise<VideoClaims> {
  const [team] = await ctx.db.select({ name: teams.name }).from(teams).where(eq(teams.id, video.teamId));
  return {
    video_id: video.id,
    title: video.name,
    team_id: video.teamId,
    team: team?.name ?? '',
    avatar_id: avatar.id,
    avatar: avatar.name,
    consent: avatar.consentMethod,
    consent_verified: consentVerified(avatar),
    created_at: new Date().toISOString(),
  };
}

/** The video's inputs as local files, its backdrop and a folder of its own, for the time `work` runs. */
export function withRenderFiles<T>(
  ctx: AppContext,
  job: VideoJob,
  audio: StoredFile | undefined,
  work: (local: LocalRenderFiles, framing: Framing, folder: string) => Promise<T>,
) {
  return ctx.assets.withLocal(renderFilesOf(job, audio), (local) =>
    withBackdrop(ctx, job.video.teamId, job.video.background, (backdrop) =>
      withElementFiles(ctx, job.video.teamId, job.elements ?? [], (elements) =>
        withBrand(ctx, job.video.teamId, job.video.brand, (brand) =>
          ctx.assets.workspace((folder) => work(local, { ...framingOf(job.video, backdrop), elements, brand }, folder)),
        ),
      ),
    ),
  );
}
export type LocalRenderFiles = { loop: string; photo: string | null; mouth: string | null; matte: string | null; audio: string | null };

/** What the engine renders the video from, into `output`; the matte is made in `folder` when the avatar has none yet. */
export function renderInputOf(
  { video, allowance, watermark }: VideoJob,
  local: LocalRenderFiles,
  spoken: Spoken,
  framing: Framing,
  paths: { output: string; thumbnail?: string; matte: string },
): RenderInput {
  return {
    loop: local.loop,
    photo: local.photo ?? undefined,
    mouth: local.mouth,
    audio: spoken.audio,
    phonemes: spoken.phonemes,
    language: video.language as ContentLanguage,
    seed: video.id,
    output: paths.output,
    thumbnail: paths.thumbnail,
    watermark,
    framing,
    matte: paths.matte,
    captions: spoken.cues ? { cues: spoken.cues, burnIn: video.subtitles, style: captionStyleOf(video) } : undefined,
    localOnly: !allowance?.neuralLipSync,
  };
}

/** Where a render writes in `folder`, and the names it is stored under. */
export function renderPaths({ video, avatar }: VideoJob, local: LocalRenderFiles, folder: string) {
  const names = { output: `${video.id}.mp4`, thumbnail: `${video.id}.jpg`, matte: avatar.matte ?? `${avatar.id}-matte.mp4` };
  const paths = {
    output: join(folder, names.output),
    thumbnail: join(folder, names.thumbnail),
    matte: local.matte ?? join(folder, names.matte),
  };
  return { names, paths };
}

/** A full disk is said as such, and not retried. */
export const saidOfDisk = (error: unknown) => (isDiskFull(error) ? new EngineFailure('storage_full') : error);

/** What a video's parts are made from (stored as its plan): its sound, the phonemes and the captions. */
export type PartsPlan = { audio: StoredFile; phonemes?: PhonemeEvent[]; cues: Cue[] | null; cuts: number[] };

/** What a video of scenes' parts are made from: each scene's sound, phonemes, captions and span, and the parts. */
export type ScenesPlan = {
  scenes: { audio: StoredFile; phonemes?: PhonemeEvent[]; cues: Cue[] | null; span: SceneSpan }[];
  parts: ScenePart[];
};

/** The frames each part of a plan renders. */
export const partRangesOf = (plan: PartsPlan | ScenesPlan) =>
  'parts' in plan ? plan.parts : plan.cuts.slice(0, -1).map((from, index) => ({ from, to: plan.cuts[index + 1]! }));

/** A job for each part not made yet (workers take those of higher `priorities` first). */
export async function sendParts(
  ctx: AppContext,
  videoId: string,
  ranges: { from: number; to: number }[],
  made: Set<number>,
  priorities: number[] = [],
) {
  for (const [index, { from, to }] of ranges.entries()) {
    if (!made.has(index)) await ctx.jobs.send(QUEUES.segment, { videoId, index, from, to }, { priority: priorities[index] ?? 0 });
  }
}

export const readPlan = (ctx: AppContext, videoId: string): Promise<PartsPlan | ScenesPlan> =>
  ctx.assets.withLocal({ plan: ['video_output', segmentFiles(videoId, 0).plan] } as const, async ({ plan }) =>
    JSON.parse(await readFile(plan, 'utf8')),
  );

/**
 * One scene of a video as a video of its own: the scene's avatar (a voice-over keeps the video's, whose files it does
 * not show), speech and background, the video's frame and plan.
 */
export async function sceneJobOf(ctx: AppContext, job: VideoJob, scene: VideoScene): Promise<VideoJob> {
  const [avatar] = scene.avatarId ? await ctx.db.select().from(avatars).where(eq(avatars.id, scene.avatarId)) : [job.avatar];
  if (!avatar?.loop) throw new EngineFailure('avatar_missing');
  const { avatarId, voiceId, builtinVoiceId, language, script, audioSource, speed, background, placement, elements } = scene;
  const video = {
    ...job.video,
    avatarId,
    voiceId,
    builtinVoiceId,
    language,
    script,
    audioSource,
    speed,
    background,
    placement,
    scenes: null,
  };
  return { ...job, video, avatar, elements };
}
