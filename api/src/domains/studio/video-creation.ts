// A new video, for the app and the public API: one scene (the body's own script or audio, avatar and look), or a list
// of scenes, each checked where it says so (`scenes.2.avatar_id`), reserved against the plan as one length and queued.
import type { ContentLanguage, ElementInput, Placement, SceneInput, Transition, VideoLookInput } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { videos, type VideoBackground, type VideoElement, type VideoScene } from '../../db/schema';
import { AppError, fail, fieldError, refusedAt } from '../../lib/errors';
import { QUEUES } from '../../jobs/queue';
import { FieldErrors } from '../../routing/validation';
import { validationMessage } from '../../lib/messages';
import type { SessionUser } from '../auth/sessions';
import { checkScript } from '../moderation/service';
import { requireMembership } from '../teams/membership';
import { adoptUpload, readyUpload } from './uploads';
import { assertPlacementFits, videoBackgroundOf } from './backgrounds';
import { teamPicture } from './pictures';
import { brandClipsSeconds } from './brand-kit';
import { estimateSpeechSeconds, needsOf, withReservation } from '../billing/quota';
import { videoJson } from './serialize';
import { assertCapacity, speakerOf, teamAvatar, type Creator } from './service';

/** What a scene of a list can be refused for (422, its field named in `fields`), as both APIs document it. */
export const SCENE_REFUSALS = [
  'script_refused',
  'script_beside_scenes',
  'elements_beside_scenes',
  'not_found',
  'avatar_not_ready',
  'voice_not_ready',
  'script_or_audio_required',
  'upload_not_ready',
  'voice_language_mismatch',
  'placement_needs_background',
  'background_kind_mismatch',
  'text_too_long',
  'document_not_ready',
  'page_out_of_range',
  'voice_over_needs_voice',
  'voice_over_needs_background',
  'scenes_need_presenter',
];

/** What creating a video may be refused with, in the app's API (the public API adds its own, public-api/route-kit.ts). */
export const VIDEO_REFUSALS = {
  400: [
    'background_kind_mismatch',
    'page_out_of_range',
    'placement_needs_background',
    'script_or_audio_required',
    'text_too_long',
    'upload_not_ready',
    'voice_language_mismatch',
  ],
  402: ['quota_exceeded'],
  409: ['avatar_not_ready', 'voice_not_ready', 'document_not_ready'],
  422: SCENE_REFUSALS,
  503: ['capacity_exhausted', 'moderation_unavailable'],
};

export type VideoInput = VideoLookInput & {
  name: string;
  /** The avatar of a one-scene video, and of each scene that names none. */
  avatar_id?: string;
  language: ContentLanguage;
  script?: string;
  audio_upload_id?: string;
  /** A voice model of the team; null for the built-in voice of the language; absent for the avatar's own. */
  voice_id?: string | null;
  subtitles?: boolean;
  /** How fast the script is spoken (0.75-1.5). */
  speed?: number;
  /** Where to deliver this video's ready or failed event (a checked webhook destination). */
  callback_url?: string;
  /** Drawn in the team's brand kit (the default). */
  brand?: boolean;
  /** Text and pictures over a video of one scene (a scene of a list gives its own). */
  elements?: ElementInput[];
  /** A video of several scenes; one scene is the same as the body's own fields. */
  scenes?: SceneInput[];
};

export async function createVideo(ctx: AppContext, user: SessionUser, teamId: string, input: VideoInput) {
  await requireMembership(ctx.db, teamId, user.id);
  return videoJson(await createTeamVideo(ctx, { userId: user.id, name: user.name, source: 'app' }, teamId, input));
}

/** What one scene is made of once checked: its avatar, who speaks, its audio upload and its estimated length. */
type CheckedScene = Awaited<ReturnType<typeof checkedScene>>;

/** What a video was made from besides its body: the template and values, and the batch row, if any. */
export type VideoOrigin = Pick<typeof videos.$inferInsert, 'templateId' | 'templateVariables' | 'batchId' | 'batchRow'>;

/** A new video of the team, reserved against the creator's plan (app or API) and queued. */
export async function createTeamVideo(ctx: AppContext, creator: Creator, teamId: string, input: VideoInput, origin: VideoOrigin = {}) {
  if (input.scenes && (input.script !== undefined || input.audio_upload_id !== undefined)) {
    const field = input.script !== undefined ? 'script' : 'audio_upload_id';
    throw fail(422, 'script_beside_scenes', { fields: { [field]: fieldError('script_beside_scenes') } });
  }
  if (input.scenes && input.elements !== undefined) {
    throw fail(422, 'elements_beside_scenes', { fields: { elements: fieldError('elements_beside_scenes') } });
  }
  const scenes: SceneInput[] = input.scenes ?? [{ transition: CUT }];
  const several = scenes.length > 1;
  // One scene: checked as the body's own fields, refused as before; of several, each refusal names its scene.
  const at = (index: number, field: string) => (several || input.scenes ? `scenes.${index}.${field}` : field);
  const fieldsOf = (scene: SceneInput): SceneFields =>
    input.scenes
      ? {
          ...input,
          avatar_id: scene.avatar_id === undefined ? input.avatar_id : scene.avatar_id,
          script: scene.script,
          audio_upload_id: scene.audio_upload_id,
          voice_id: scene.voice_id ?? input.voice_id,
          language: scene.language ?? input.language,
          speed: scene.speed ?? input.speed,
          background: scene.background === undefined ? input.background : scene.background,
          placement: scene.placement ?? input.placement,
          transition: scene.transition,
          elements: scene.elements ?? [],
        }
      : { ...input, transition: CUT };
  const checked: CheckedScene[] = [];
  for (const [index, scene] of scenes.entries())
    checked.push(await checkedScene(ctx, teamId, fieldsOf(scene), (field) => at(index, field)));
  await assertCapacity(ctx);
  const id = crypto.randomUUID();
  const made: { scene: CheckedScene; audioSource: string | null; background: VideoBackground | null; elements: VideoElement[] }[] = [];
  for (const [index, scene] of checked.entries()) {
    const upload = scene.fields.audio_upload_id
      ? await atSceneField(at(index, 'audio_upload_id'), () => readyUpload(ctx, teamId, scene.fields.audio_upload_id!, ['video_audio']))
      : null;
    // A new background joins the team's library (kept there even if the video is refused below).
    const background = await atSceneField(at(index, 'background'), () =>
      videoBackgroundOf(ctx, teamId, creator.userId, scene.fields.background),
    );
    const elements = await storedElements(ctx, teamId, creator.userId, scene.fields.elements ?? [], (field) => at(index, field));
    made.push({ scene: { ...scene, upload }, audioSource: null, background, elements });
  }
  const first = made[0]!;
  // One plain scene is the video's own columns; a voice-over or elements need the scenes kept (and get the brand's clips).
  const asScenes = several || !first.scene.avatar || first.elements.length > 0;
  // Reserved: the audio's length, or the script's estimated speaking time, and the brand's intro and outro; settled to
  // the video's real length.
  const clips = asScenes && (input.brand ?? true) ? Math.ceil(await brandClipsSeconds(ctx, teamId)) : 0;
  const seconds = made.reduce((sum, { scene }) => sum + secondsOf(scene), clips);
  // The video's presenter (what its Content Credentials name): its first scene's that has one.
  const presenter = made.find(({ scene }) => scene.avatar)?.scene.avatar;
  if (!presenter) throw fail(422, 'scenes_need_presenter', { fields: { scenes: fieldError('scenes_need_presenter') } });
  const video = await withReservation(
    ctx.db,
    { teamId, productType: creator.source, itemId: id, needs: needsOf.video(seconds) },
    async () => {
      for (const [index, entry] of made.entries()) {
        if (entry.scene.upload)
          entry.audioSource = await adoptUpload(ctx, entry.scene.upload, several ? `${id}-audio-${index}` : `${id}-audio`);
      }
      const { fields, speaker } = first.scene;
      const [created] = await ctx.db
        .insert(videos)
        .values({
          id,
          teamId,
          createdBy: creator.userId,
          avatarId: presenter.id,
          voiceId: speaker.voiceId,
          builtinVoiceId: speaker.builtinVoiceId,
          name: input.name,
          language: fields.language,
          script: fields.script?.trim() || null,
          audioSource: first.audioSource,
          subtitles: Boolean((input.captions?.burn_in ?? input.subtitles) && made.some(({ scene }) => scene.fields.script)),
          aspectRatio: input.aspect_ratio ?? '16:9',
          resolution: input.resolution ?? '720p',
          background: first.background,
          placement: first.scene.placement,
          captionStyle: input.captions?.style ?? null,
          brand: input.brand ?? true,
          speed: fields.audio_upload_id ? 1 : (fields.speed ?? 1),
          source: creator.source,
          callbackUrl: input.callback_url ?? null,
          review: made.some(({ scene }) => scene.moderation === 'unchecked') ? 'moderation_unavailable' : null,
          scenes: asScenes ? made.map(storedScene) : null,
          ...origin,
        })
        .returning();
      return created!;
    },
  );
  await ctx.jobs.send(QUEUES.video, { videoId: id });
  return { ...video, creatorName: creator.name };
}

/** A scene's fields: its own, and the body's where it leaves out the avatar, the voice, the language, the speed, the background or the placement. */
type SceneFields = Omit<VideoInput, 'avatar_id'> & { avatar_id?: string | null; transition: Transition; elements?: ElementInput[] };

const CUT: Transition = { type: 'cut', seconds: 0.5 };

/** One scene's avatar, script or audio, placement and speaker, checked in that order; each refusal at its field. */
async function checkedScene(ctx: AppContext, teamId: string, fields: SceneFields, at: (field: string) => string) {
  const avatarId = fields.avatar_id;
  // A voice-over (`null`, in a list of scenes) has no presenter: it speaks with its own voice over its own background.
  const voiceOver = avatarId === null;
  if (avatarId === undefined) throw new FieldErrors({ [at('avatar_id')]: validationMessage('validation.required') });
  const avatar =
    avatarId === null
      ? null
      : await atSceneField(at('avatar_id'), async () => {
          const found = await teamAvatar(ctx, teamId, avatarId);
          if (found.status !== 'ready') throw fail(409, 'avatar_not_ready');
          return found;
        });
  if (!fields.script?.trim() && !fields.audio_upload_id) throw inScene(at('script'), fail(400, 'script_or_audio_required'));
  const moderation = fields.audio_upload_id ? 'checked' : await atSceneField(at('script'), () => checkScript(ctx, teamId, fields.script));
  const placement: Placement = fields.placement ?? { position: 'full', scale: 1 };
  if (voiceOver && !fields.background) throw inScene(at('background'), fail(400, 'voice_over_needs_background'));
  if (!voiceOver) await atSceneField(at('placement'), () => assertPlacementFits(placement, fields.background));
  if (voiceOver && !fields.audio_upload_id && !fields.voice_id) throw inScene(at('voice_id'), fail(400, 'voice_over_needs_voice'));
  const speaker = fields.audio_upload_id
    ? { voiceId: null, builtinVoiceId: null }
    : await atSceneField(at('voice_id'), () =>
        speakerOf(ctx, teamId, avatar ?? { defaultVoiceId: null, gender: null }, fields.language, fields.voice_id),
      );
  return {
    fields,
    avatar,
    moderation,
    placement,
    speaker,
    transition: fields.transition,
    upload: null as Awaited<ReturnType<typeof readyUpload>> | null,
  };
}

const secondsOf = ({ upload, fields }: CheckedScene) =>
  upload ? Math.ceil((upload.durationMs ?? 0) / 1000) : estimateSpeechSeconds(fields.script!, fields.language, fields.speed ?? 1);

const storedScene = ({
  scene,
  audioSource,
  background,
  elements,
}: {
  scene: CheckedScene;
  audioSource: string | null;
  background: VideoBackground | null;
  elements: VideoElement[];
}): VideoScene => ({
  avatarId: scene.avatar?.id ?? null,
  voiceId: scene.speaker.voiceId,
  builtinVoiceId: scene.speaker.builtinVoiceId,
  language: scene.fields.language,
  script: scene.fields.script?.trim() || null,
  audioSource,
  speed: scene.fields.audio_upload_id ? 1 : (scene.fields.speed ?? 1),
  background,
  placement: scene.placement,
  transition: scene.transition,
  elements,
});

/** A scene's elements as stored: a picture names one of the team's pictures (an `image` upload) or image backgrounds. */
export async function storedElements(
  ctx: AppContext,
  teamId: string,
  createdBy: string | null,
  elements: ElementInput[],
  at: (field: string) => string,
): Promise<VideoElement[]> {
  const stored: VideoElement[] = [];
  for (const [index, element] of elements.entries()) {
    if (element.type === 'text') {
      stored.push(element);
      continue;
    }
    const { upload_id: uploadId, ...placed } = element;
    const picture = await atSceneField(at(`elements.${index}.upload_id`), () => teamPicture(ctx, teamId, createdBy, uploadId));
    stored.push({ ...placed, background_id: picture.id });
  }
  return stored;
}

/**
 * What `work` refuses of a scene's field, said at the field: the 4xx a one-scene video gives as it always has (`path`
 * is then the field's own name) and, in a list of scenes or at an element, a 422 whose `fields` name the field.
 */
async function atSceneField<T>(path: string, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw inScene(path, error);
  }
}

function inScene(path: string, error: unknown) {
  // A one-scene video's elements are new: refused at their field, as in a list of scenes.
  if (!(error instanceof AppError) || !/^(scenes|elements)\./.test(path)) return error;
  return refusedAt(error.code in WITHIN ? `${path}.${WITHIN[error.code]}` : path, error);
}

/** Refusals of a part of a scene's field: named down to it. */
const WITHIN: Record<string, string> = { page_out_of_range: 'page' };
