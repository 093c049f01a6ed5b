// What each `kagami` command does, on the typed client.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { KagamiApiError, unwrap, type KagamiClient, type paths, type Video } from './client';

type VideoRequest = NonNullable<paths['/api/v1/videos']['post']['requestBody']>['content']['application/json'];

export type Io = { out: (text: string) => void; err: (text: string) => void; progress: (text: string) => void };

/** Rows as aligned columns under a header. */
export function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** Every page of a cursor list. */
async function all<T>(page: (cursor?: string) => Promise<{ data: T[]; next_cursor: string | null }>) {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    items.push(...next.data);
    cursor = next.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

export async function whoAmI(client: KagamiClient) {
  return unwrap(client.GET('/api/v1/team'));
}

export async function listAvatars(client: KagamiClient, io: Io, json: boolean) {
  const avatars = await all((cursor) => unwrap(client.GET('/api/v1/avatars', { params: { query: { limit: 100, cursor } } })));
  if (json) return io.out(JSON.stringify(avatars, null, 2));
  if (!avatars.length) return io.out('No avatars yet. Create one in the app or with POST /api/v1/avatars.');
  io.out(
    table(
      ['ID', 'STATUS', 'LANGUAGE', 'NAME', 'VOICE'],
      avatars.map((a) => [a.id, a.status, a.language, a.name, a.default_voice_id ?? '']),
    ),
  );
}

export async function listVoices(client: KagamiClient, io: Io, json: boolean) {
  const voices = await all((cursor) => unwrap(client.GET('/api/v1/voices', { params: { query: { limit: 100, cursor } } })));
  if (json) return io.out(JSON.stringify(voices, null, 2));
  io.out(
    table(
      ['ID', 'KIND', 'STATUS', 'LANGUAGE', 'GENDER', 'NAME'],
      voices.map((v) => [v.id, v.kind, v.status, v.language ?? 'any', v.gender ?? '-', v.name]),
    ),
  );
}

export type CreateVideo = {
  avatar?: string;
  scriptFile?: string;
  /** A JSON list of scenes, as the API takes them (instead of one script). */
  scenesFile?: string;
  voice?: string;
  language: string;
  title?: string;
  subtitles: boolean;
  /** 0.75-1.5; the API checks the range. */
  speed?: number;
  aspectRatio?: string;
  resolution?: string;
  /** A colour (#RRGGBB), or a picture or video file to upload as the background. */
  background?: string;
  placement?: string;
  scale?: number;
};

const VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm', 'm4v'];

/** Sends a file through the API's resumable uploads (tus: create, then the bytes in one request); its upload id. */
export async function uploadFile(api: { baseUrl: string; key: string }, file: string, purpose: string) {
  const bytes = await readFile(file).catch(() => {
    throw new UsageError(`Cannot read the file ${file}.`);
  });
  const name = file.split('/').pop()!;
  const metadata = Object.entries({ purpose, filename: name, filetype: 'application/octet-stream' })
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const headers = { 'X-API-Key': api.key, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${api.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { ...headers, 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata },
  });
  const refusal = async (response: Response) => {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    return new KagamiApiError(response.status, body.code ?? `http_${response.status}`, body.message ?? `The upload of ${name} failed.`);
  };
  if (created.status !== 201) throw await refusal(created);
  const location = new URL(created.headers.get('location')!, api.baseUrl).href;
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (sent.status !== 204) throw await refusal(sent);
  return location.split('/').pop()!;
}

/** `--background`: a colour as it is, a file uploaded as a background picture or video (by its extension). */
async function backgroundOf(api: { baseUrl: string; key: string }, background: string | undefined): Promise<VideoRequest['background']> {
  if (!background) return undefined;
  if (/^#[0-9a-f]{6}$/i.test(background)) return { type: 'color', value: background };
  const video = VIDEO_EXTENSIONS.includes(background.split('.').pop()!.toLowerCase());
  const uploadId = await uploadFile(api, background, video ? 'background_video' : 'background_image');
  return { type: video ? 'video' : 'image', upload_id: uploadId };
}

export async function createVideo(client: KagamiClient, api: { baseUrl: string; key: string }, input: CreateVideo) {
  const file = (input.scenesFile ?? input.scriptFile)!;
  const script = input.scriptFile ? await readText(input.scriptFile, 'script') : undefined;
  const scenes = input.scenesFile ? scenesOf(await readText(input.scenesFile, 'scenes'), input.scenesFile) : undefined;
  const title =
    input.title ??
    (file
      .split('/')
      .pop()!
      .replace(/\.[^.]+$/, '') ||
      'Video');
  return unwrap(
    client.POST('/api/v1/videos', {
      body: {
        title,
        avatar_id: input.avatar,
        language: input.language as VideoRequest['language'],
        script,
        scenes,
        voice_id: input.voice,
        subtitles: input.subtitles,
        speed: input.speed,
        aspect_ratio: input.aspectRatio as VideoRequest['aspect_ratio'],
        resolution: input.resolution as VideoRequest['resolution'],
        background: await backgroundOf(api, input.background),
        placement:
          input.placement || input.scale !== undefined
            ? { position: (input.placement ?? 'full') as NonNullable<VideoRequest['placement']>['position'], scale: input.scale }
            : undefined,
      },
      // One key per command: a request the network repeats creates (and charges) one video.
      headers: { 'Idempotency-Key': randomUUID() },
    }),
  );
}

const readText = (file: string, what: string) =>
  readFile(file, 'utf8').catch(() => {
    throw new UsageError(`Cannot read the ${what} file ${file}.`);
  });

/** A scenes file's list (the API checks each scene and says which one it refuses). */
function scenesOf(text: string, file: string): VideoRequest['scenes'] {
  let scenes: unknown;
  try {
    scenes = JSON.parse(text);
  } catch {
    throw new UsageError(`The scenes file ${file} is not JSON.`);
  }
  if (!Array.isArray(scenes)) throw new UsageError(`The scenes file ${file} holds no list of scenes.`);
  return scenes;
}

export const getVideo = (client: KagamiClient, id: string) => unwrap(client.GET('/api/v1/videos/{id}', { params: { path: { id } } }));

/** Polls until the video is ready or failed, reporting the time waited. */
export async function waitForVideo(client: KagamiClient, id: string, io: Io, pollMs: number) {
  const started = Date.now();
  for (;;) {
    const video = await getVideo(client, id);
    if (video.status !== 'in_progress') return video;
    io.progress(`Rendering ${id}… ${Math.round((Date.now() - started) / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Saves a ready video's file (or its captions or poster, at `url`); its signed link needs no key. */
export async function download(video: Video, file: string, url = video.download_url) {
  if (!url) throw new KagamiApiError(409, 'not_ready', `Video ${video.id} has no such file (status ${video.status}).`);
  const response = await fetch(url);
  if (!response.ok || !response.body)
    throw new KagamiApiError(response.status, 'download_failed', `The download failed (${response.status}).`);
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  return Number(response.headers.get('content-length') ?? 0);
}

type Credentials = paths['/api/v1/verify']['post']['responses'][200]['content']['application/json'];

/**
 * Asks the API what a file's Content Credentials say and tells it in a sentence: a Kagami video (whose, from which
 * avatar, when) left as it was made, one changed since, or a file Kagami did not sign. The exit status says the same.
 */
export async function verifyFile(where: { baseUrl: string; key: string }, file: string, io: Io, json: boolean) {
  const size = await stat(file).then(
    (info) => info.size,
    () => {
      throw new UsageError(`Cannot read the file ${file}.`);
    },
  );
  const response = await fetch(`${where.baseUrl}/api/v1/verify`, {
    method: 'POST',
    headers: { 'X-API-Key': where.key, 'Content-Type': 'video/mp4', 'Content-Length': String(size) },
    body: Readable.toWeb(createReadStream(file)) as never,
    duplex: 'half',
  } as RequestInit);
  const answer = (await response.json().catch(() => ({}))) as Credentials & { code?: string; message?: string };
  if (!response.ok)
    throw new KagamiApiError(response.status, answer.code ?? `http_${response.status}`, answer.message ?? response.statusText);
  if (json) io.out(JSON.stringify(answer, null, 2));
  const video = answer.video;
  if (answer.altered) {
    io.err(`${file} is NOT as it was made: it changed after it was signed (${answer.failures.join(', ')}).`);
    return 1;
  }
  if (!answer.kagami || !video) {
    io.err(
      answer.has_credentials
        ? `${file} carries Content Credentials, but not this Kagami's.`
        : `${file} carries no Content Credentials: Kagami did not make it, or they were removed.`,
    );
    return 3;
  }
  if (!json)
    io.out(
      `${file} is a Kagami video, unchanged since it was made: "${video.title}" of team "${video.team}"` +
        `${video.avatar ? `, avatar "${video.avatar}"` : ''}, made ${video.created_at} (AI-generated: ${answer.digital_source_type}).`,
    );
  return 0;
}

/** A mistake in how the command was called: its message, then the usage. */
export class UsageError extends Error {}

type BrandKitRequest = NonNullable<paths['/api/v1/brand-kit']['put']['requestBody']>['content']['application/json'];

/** The team's brand kit: its colours, logo and fonts. */
export async function showBrandKit(client: KagamiClient, io: Io, json: boolean) {
  const kit = await unwrap(client.GET('/api/v1/brand-kit'));
  if (json) return io.out(JSON.stringify(kit, null, 2));
  io.out(
    [
      `Colours:      ${kit.colors.length ? kit.colors.join(' ') : '(none)'}`,
      `Logo:         ${kit.logo ? kit.logo.upload_id : '(none)'}`,
      `Heading font: ${kit.heading_font ? kit.heading_font.name : "(the product's)"}`,
      `Body font:    ${kit.body_font ? kit.body_font.name : "(the product's)"}`,
      `Intro:        ${kit.intro ? kit.intro.upload_id : '(none)'}`,
      `Outro:        ${kit.outro ? kit.outro.upload_id : '(none)'}`,
    ].join('\n'),
  );
}

/**
 * Changes what is given of the brand kit and keeps the rest: `colors` a comma-separated list, the logo, fonts, intro
 * and outro files uploaded (a picture; TTF, OTF or WOFF2; videos).
 */
export async function setBrandKit(
  client: KagamiClient,
  api: { baseUrl: string; key: string },
  input: { colors?: string; logo?: string; headingFont?: string; bodyFont?: string; intro?: string; outro?: string },
) {
  const kit = await unwrap(client.GET('/api/v1/brand-kit'));
  const body: BrandKitRequest = {
    colors:
      input.colors === undefined
        ? kit.colors
        : input.colors
            .split(',')
            .map((color) => color.trim())
            .filter(Boolean),
    logo_upload_id: input.logo ? await uploadFile(api, input.logo, 'image') : (kit.logo?.upload_id ?? null),
    heading_font_upload_id: input.headingFont ? await uploadFile(api, input.headingFont, 'font') : (kit.heading_font?.upload_id ?? null),
    body_font_upload_id: input.bodyFont ? await uploadFile(api, input.bodyFont, 'font') : (kit.body_font?.upload_id ?? null),
    intro_upload_id: input.intro ? await uploadFile(api, input.intro, 'background_video') : (kit.intro?.upload_id ?? null),
    outro_upload_id: input.outro ? await uploadFile(api, input.outro, 'background_video') : (kit.outro?.upload_id ?? null),
  };
  return unwrap(client.PUT('/api/v1/brand-kit', { body }));
}
