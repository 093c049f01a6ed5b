// The team's templates: a video's body whose scripts and text elements hold `{{variable}}` placeholders, saved from a
// body or from one of the team's videos, listed with its variables, and filled in to make one video. Both APIs call
// these; a batch fills one in per row (batches.ts).
import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  backgroundField,
  checkValues,
  contentLanguageField,
  fillText,
  nameField,
  VARIABLE_VALUE_MAX,
  variablesOf,
  voiceIdField,
  type TemplateVariable,
} from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { templates, videos, type VideoScene } from '../../db/schema';
import { errors, fail, fieldError } from '../../lib/errors';
import { errorMessage, validationMessage } from '../../lib/messages';
import { uuid } from '../../routing/params';
import { time } from '../../routing/operations';
import { videoBodyEntries } from '../studio/video-body';
import { backgroundJson, elementJson } from '../studio/video-shape';
import { createTeamVideo, type VideoInput, type VideoOrigin } from '../studio/video-creation';
import type { Creator } from '../studio/service';

type Row = typeof templates.$inferSelect;
/** What a video is made of: a template's id, name and body (a batch keeps its own copy of them). */
export type TemplateOf = { id: string | null; name: string; body: Record<string, unknown> };
/** What a template keeps: a video's creation body without its name. */
type TemplateBody = Omit<VideoInput, 'name'>;

/** A template's body as both APIs take it: a video's (without its name), or the video it is saved from. */
export const templateBodyEntries = {
  name: nameField,
  avatar_id: v.optional(v.pipe(uuid, v.description('The avatar of the template’s scenes that name none.'))),
  ...videoBodyEntries,
  language: v.optional(contentLanguageField),
  from_video_id: v.optional(
    v.pipe(
      uuid,
      v.description(
        'One of the team’s videos, saved as the template (its scenes, scripts and look); the body’s other fields are then not used.',
      ),
    ),
  ),
};
export const TemplateCreateBody = v.object(templateBodyEntries);
export type TemplateInput = v.InferOutput<typeof TemplateCreateBody>;

const value = v.pipe(v.string('validation.required'), v.maxLength(VARIABLE_VALUE_MAX, `validation.maxLength?length=${VARIABLE_VALUE_MAX}`));
/** The values of one video: a string per variable, by name. */
export const variablesField = v.pipe(
  v.record(v.string(), value),
  v.description('A value for each variable, by name (a variable with a default may be left out).'),
);

/** What makes one video of a template besides its values: its name, and the avatar, voice and backgrounds chosen for it. */
export const templateVideoEntries = {
  variables: v.optional(variablesField, {}),
  avatar_id: v.optional(v.pipe(uuid, v.description('Presents every scene that has a presenter, instead of the template’s.'))),
  voice_id: v.optional(v.pipe(voiceIdField, v.description('Speaks every scene, instead of the template’s voice.'))),
  backgrounds: v.optional(
    v.pipe(
      v.array(v.object({ scene: v.pipe(v.number(), v.integer(), v.minValue(0)), background: backgroundField })),
      v.description('A background chosen for this video, for the scene of that index (from 0).'),
    ),
  ),
};
export type TemplateVideoInput = {
  name?: string;
  variables: Record<string, string>;
  avatar_id?: string;
  voice_id?: string;
  backgrounds?: { scene: number; background: v.InferOutput<typeof backgroundField> }[];
  callback_url?: string;
};

const TemplateVariableJson = v.object({
  name: v.string(),
  default: v.nullable(v.string()),
  occurs_in: v.pipe(v.array(v.string()), v.description('The body’s fields it occurs in (`scenes.0.script`, `scenes.1.elements.0.text`).')),
});
/** A template on the wire, in both APIs. */
export const Template = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    language: v.string(),
    variables: v.pipe(v.array(v.string()), v.description('Its variables’ names, in the order they first occur.')),
    variable_details: v.array(TemplateVariableJson),
    scene_count: v.number(),
    body: v.pipe(
      v.record(v.string(), v.unknown()),
      v.description('The video body it makes, placeholders and all (as `POST …/videos` takes it, without a name).'),
    ),
    created_at: time,
    updated_at: time,
  }),
  v.title('Template'),
);

/** The texts of a body that may hold placeholders, by field path: scripts and text elements. */
function textsOf(body: TemplateBody): [string, string][] {
  const texts: [string, string][] = [];
  const ofElements = (prefix: string, elements: TemplateBody['elements']) =>
    elements?.forEach((element, index) => element.type === 'text' && texts.push([`${prefix}elements.${index}.text`, element.text]));
  if (body.script) texts.push(['script', body.script]);
  ofElements('', body.elements);
  body.scenes?.forEach((scene, index) => {
    if (scene.script) texts.push([`scenes.${index}.script`, scene.script]);
    ofElements(`scenes.${index}.`, scene.elements);
  });
  return texts;
}

export const templateVariables = (row: Pick<TemplateOf, 'body'>): TemplateVariable[] => variablesOf(textsOf(row.body as TemplateBody));

export function templateJson(row: Row) {
  const details = templateVariables(row);
  const body = row.body as TemplateBody;
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    variables: details.map((variable) => variable.name),
    variable_details: details,
    scene_count: body.scenes?.length ?? 1,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A template keeps words, not recordings: audio would be taken in by the first video made from it. */
function assertFillable(body: TemplateBody) {
  const scene = body.scenes?.findIndex((each) => each.audio_upload_id) ?? -1;
  const audio = body.audio_upload_id ? 'audio_upload_id' : scene !== -1 ? `scenes.${scene}.audio_upload_id` : null;
  if (audio) throw fail(422, 'template_audio_unsupported', { fields: { [audio]: fieldError('template_audio_unsupported') } });
}

const required = (field: string) => fail(400, 'validation_failed', { fields: { [field]: validationMessage('validation.required') } });

/** One of the team's videos as the body that would make it again: its scenes (or its one scene) and its look. */
async function bodyOfVideo(ctx: AppContext, teamId: string, videoId: string): Promise<TemplateBody> {
  const [video] = await ctx.db
    .select()
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.teamId, teamId)));
  if (!video) throw fail(404, 'not_found', { fields: { from_video_id: fieldError('not_found') } });
  const own: VideoScene = {
    avatarId: video.avatarId,
    voiceId: video.voiceId,
    builtinVoiceId: video.builtinVoiceId,
    language: video.language,
    script: video.script,
    audioSource: video.audioSource,
    speed: video.speed,
    background: video.background,
    placement: video.placement,
    transition: { type: 'cut', seconds: 0.5 },
  };
  const scenes = video.scenes ?? [own];
  const spoken = scenes.findIndex((scene) => !scene.script);
  if (spoken !== -1) {
    const field = video.scenes ? `scenes.${spoken}.audio_upload_id` : 'audio_upload_id';
    throw fail(422, 'template_audio_unsupported', {
      fields: { from_video_id: fieldError('template_audio_unsupported'), [field]: fieldError('template_audio_unsupported') },
    });
  }
  return {
    language: video.language as TemplateBody['language'],
    aspect_ratio: video.aspectRatio,
    resolution: video.resolution,
    brand: video.brand,
    subtitles: video.subtitles,
    ...(video.captionStyle ? { captions: { burn_in: video.subtitles, style: video.captionStyle } } : {}),
    scenes: scenes.map((scene) => ({
      avatar_id: scene.avatarId,
      voice_id: scene.voiceId ?? scene.builtinVoiceId ?? undefined,
      language: scene.language as TemplateBody['language'],
      script: scene.script!,
      speed: scene.speed,
      background: backgroundJson(scene.background),
      placement: scene.placement,
      elements: (scene.elements ?? []).map(elementJson),
      transition: scene.transition,
    })),
  } as TemplateBody;
}

/** The body a template keeps from what the API was given: the video's, or the body's own fields. */
async function bodyOf(ctx: AppContext, teamId: string, input: TemplateInput): Promise<TemplateBody> {
  if (input.from_video_id) return bodyOfVideo(ctx, teamId, input.from_video_id);
  const { name: _name, from_video_id: _from, ...body } = input;
  if (!body.language) throw required('language');
  if (!body.avatar_id && !body.scenes) throw required('avatar_id');
  assertFillable(body as TemplateBody);
  return body as TemplateBody;
}

export async function createTemplate(ctx: AppContext, teamId: string, createdBy: string | null, input: TemplateInput) {
  const body = await bodyOf(ctx, teamId, input);
  const [row] = await ctx.db
    .insert(templates)
    .values({ teamId, createdBy, name: input.name, language: body.language, body: body as Record<string, unknown> })
    .returning();
  return templateJson(row!);
}

export async function listTemplates(ctx: AppContext, teamId: string) {
  const rows = await ctx.db
    .select()
    .from(templates)
    .where(eq(templates.teamId, teamId))
    .orderBy(desc(templates.createdAt), desc(templates.id));
  return { data: rows.map(templateJson) };
}

/** The team's template `id`; another team's is not found. */
export async function teamTemplate(ctx: AppContext, teamId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.teamId, teamId)));
  if (!row) throw errors.notFound('Template');
  return row;
}

/** Replaces the template whole: its name and its body (or the video it is saved from again). */
export async function saveTemplate(ctx: AppContext, teamId: string, id: string, input: TemplateInput) {
  await teamTemplate(ctx, teamId, id);
  const body = await bodyOf(ctx, teamId, input);
  const [row] = await ctx.db
    .update(templates)
    .set({ name: input.name, language: body.language, body: body as Record<string, unknown>, updatedAt: new Date() })
    .where(and(eq(templates.id, id), eq(templates.teamId, teamId)))
    .returning();
  return templateJson(row!);
}

/** Deletes the template; the videos and batches made from it stay. */
export async function deleteTemplate(ctx: AppContext, teamId: string, id: string) {
  const [gone] = await ctx.db
    .delete(templates)
    .where(and(eq(templates.id, id), eq(templates.teamId, teamId)))
    .returning({ id: templates.id });
  if (!gone) throw errors.notFound('Template');
}

/** The names a video's values leave without a value, and those no variable of the template has: empty when it can be made. */
export const problemsOf = (row: Pick<TemplateOf, 'body'>, values: Record<string, string>) => checkValues(templateVariables(row), values);

/** The template's body filled in with one video's values and choices: the video's creation input. */
export function filledInput(row: TemplateOf, input: TemplateVideoInput): VideoInput {
  const { missing, unknown } = problemsOf(row, input.variables);
  const refuse = (code: string, names: string[]) => {
    const params = { variables: names.join(', ') };
    const atVariables = { key: `errors.${code}`, params, message: errorMessage(code, params) };
    return fail(
      422,
      code,
      { variables: names, fields: Object.fromEntries(names.map((name) => [`variables.${name}`, atVariables])) },
      params,
    );
  };
  if (missing.length) throw refuse('template_variable_missing', missing);
  if (unknown.length) throw refuse('template_variable_unknown', unknown);
  const body = structuredClone(row.body) as TemplateBody;
  const fill = (text: string | undefined) => (text === undefined ? undefined : fillText(text, input.variables));
  const fillElements = (elements: TemplateBody['elements']) =>
    elements?.map((element) => (element.type === 'text' ? { ...element, text: fill(element.text)! } : element));
  const backgroundOf = (index: number) => input.backgrounds?.find((chosen) => chosen.scene === index)?.background;
  const scenes = body.scenes?.map((scene, index) => ({
    ...scene,
    script: fill(scene.script),
    elements: fillElements(scene.elements),
    ...(input.avatar_id && scene.avatar_id !== null ? { avatar_id: input.avatar_id } : {}),
    ...(input.voice_id ? { voice_id: input.voice_id } : {}),
    ...(backgroundOf(index) ? { background: backgroundOf(index) } : {}),
  }));
  return {
    ...body,
    name: input.name ?? row.name,
    script: fill(body.script),
    elements: fillElements(body.elements),
    ...(scenes ? { scenes } : {}),
    ...(input.avatar_id ? { avatar_id: input.avatar_id } : {}),
    ...(input.voice_id ? { voice_id: input.voice_id } : {}),
    ...(!scenes && backgroundOf(0) ? { background: backgroundOf(0) } : {}),
    ...(input.callback_url ? { callback_url: input.callback_url } : {}),
  };
}

/** One video of the template, made with the values given (and recorded with them, and with its batch's row). */
export async function createTemplateVideo(
  ctx: AppContext,
  creator: Creator,
  teamId: string,
  template: TemplateOf,
  input: TemplateVideoInput,
  batch?: { id: string; row: number },
) {
  const origin: VideoOrigin = {
    templateId: template.id,
    templateVariables: input.variables,
    batchId: batch?.id ?? null,
    batchRow: batch?.row ?? null,
  };
  return createTeamVideo(ctx, creator, teamId, filledInput(template, input), origin);
}
