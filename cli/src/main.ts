// kagami: the Kagami public API from the command line.
import { parseArgs } from 'node:util';
import { KagamiApiError, kagamiClient } from './client';
import {
  createVideo,
  download,
  getVideo,
  listAvatars,
  listVoices,
  setBrandKit,
  showBrandKit,
  UsageError,
  verifyFile,
  waitForVideo,
  whoAmI,
  type Io,
} from './commands';
import { credentialsFile, readCredentials, saveCredentials } from './credentials';
import { createBatch, listTemplates } from './template-commands';

export const USAGE = `Usage:
  kagami login --key KEY [--url URL]   check the team's API key and keep it (URL of the API: http://localhost:3000)
  kagami avatars [--json]               the team's avatars
  kagami voices [--json]                the team's voice models and the built-in voices
  kagami video create --avatar ID --script FILE | --scenes FILE [--voice ID] [--language en] [--title TITLE]
                      [--speed 0.75-1.5] [--subtitles] [--aspect-ratio 16:9|9:16|1:1|4:5] [--resolution 720p|1080p]
                      [--background #RRGGBB|FILE] [--placement full|left|right|corner] [--scale 0.3-1]
                      [--wait] [--out FILE] [--srt FILE] [--vtt FILE] [--thumbnail FILE]
                                        make a video; --wait shows progress until it is ready, --out saves it
                                        (--srt, --vtt and --thumbnail its captions and poster); [pause 1.5s] in the
                                        script is a silence; a background FILE (JPEG, PNG, WebP, MP4, MOV, WebM) is
                                        uploaded into the team's backgrounds; --scenes FILE: a JSON list of scenes
                                        as POST /api/v1/videos takes them (each its avatar_id, script, background,
                                        placement, transition), --avatar then the avatar of scenes naming none
  kagami video get ID                   a video's status, failure reason and download link
  kagami brand-kit [--json]             the team's brand kit: colours, logo and fonts its videos are drawn in
  kagami brand-kit set [--colors #RRGGBB,...] [--logo FILE] [--heading-font FILE] [--body-font FILE]
                       [--intro FILE] [--outro FILE]
                                        changes what is given and keeps the rest (up to six colours, the first the
                                        accent; a logo picture; fonts as TTF, OTF or WOFF2 files; intro and outro
                                        videos, played before and after a video's scenes)
  kagami template list [--json]         the team's templates and their variables
  kagami batch create --template ID --csv FILE [--wait]
                                        a video of the template per line of the CSV file (a header naming the
                                        variables, and optionally title, avatar_id, voice_id, callback_url); every
                                        row is checked before anything starts; --wait shows progress, then prints
                                        the results as CSV (row, title, video_id, status, reason, links)
  kagami verify FILE [--json]           whether a video file is a Kagami video (whose, when) and unchanged since it
                                        was made, from its Content Credentials; exit 0 yes, 1 changed, 3 not Kagami's

KAGAMI_API_KEY and KAGAMI_API_URL take the place of a saved login; KAGAMI_CONFIG names the file it is kept in.`;

const DEFAULT_URL = 'http://localhost:3000';
const POLL_MS = Number(process.env.KAGAMI_POLL_MS ?? 2000);

const OPTIONS = {
  key: { type: 'string' },
  url: { type: 'string' },
  json: { type: 'boolean', default: false },
  avatar: { type: 'string' },
  script: { type: 'string' },
  scenes: { type: 'string' },
  voice: { type: 'string' },
  language: { type: 'string', default: 'en' },
  title: { type: 'string' },
  subtitles: { type: 'boolean', default: false },
  speed: { type: 'string' },
  'aspect-ratio': { type: 'string' },
  resolution: { type: 'string' },
  background: { type: 'string' },
  placement: { type: 'string' },
  scale: { type: 'string' },
  srt: { type: 'string' },
  vtt: { type: 'string' },
  thumbnail: { type: 'string' },
  wait: { type: 'boolean', default: false },
  out: { type: 'string' },
  colors: { type: 'string' },
  logo: { type: 'string' },
  'heading-font': { type: 'string' },
  'body-font': { type: 'string' },
  intro: { type: 'string' },
  outro: { type: 'string' },
  template: { type: 'string' },
  csv: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function consoleIo(): Io {
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  return {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${tty && lastLine ? '\n' : ''}${text}\n`),
    // On a terminal one line updates in place; in a log, a line every 10 s.
    progress: (text) => {
      if (tty) process.stderr.write(`\r${text}`);
      else if (Date.now() - lastLine >= 10_000) process.stderr.write(`${text}\n`);
      lastLine = Date.now();
    },
  };
}

/** Where the API is and the key that opens it: the options, the environment, or the saved login. */
async function access(url?: string) {
  const saved = await readCredentials();
  const key = process.env.KAGAMI_API_KEY || saved?.key;
  if (!key) throw new UsageError('Not logged in. Run kagami login --key KEY (the key is on the API Key page of the app).');
  return { baseUrl: (url ?? (process.env.KAGAMI_API_URL || saved?.url || DEFAULT_URL)).replace(/\/$/, ''), key };
}

const client = async (url?: string) => kagamiClient(await access(url));

function numberOf(option: string, text: string, range: string) {
  const value = Number(text);
  if (!text.trim() || !Number.isFinite(value)) throw new UsageError(`--${option} takes a number from ${range}, not "${text}".`);
  return value;
}

export async function main(argv: string[], io: Io = consoleIo()): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const [command, sub, arg] = positionals;
    if (values.help || !command) {
      io.out(USAGE);
      return command || values.help ? 0 : 2;
    }
    if (command === 'login') {
      if (!values.key) throw new UsageError('kagami login needs --key KEY.');
      const url = values.url ?? (process.env.KAGAMI_API_URL || DEFAULT_URL);
      const team = await whoAmI(kagamiClient({ baseUrl: url, key: values.key }));
      const file = await saveCredentials({ url, key: values.key });
      io.out(`Logged in to team "${team.name}" at ${url}. The key is kept in ${file}.`);
      return 0;
    }
    if (command === 'avatars') return (await listAvatars(await client(values.url), io, values.json), 0);
    if (command === 'voices') return (await listVoices(await client(values.url), io, values.json), 0);
    if (command === 'brand-kit' && !sub) return (await showBrandKit(await client(values.url), io, values.json), 0);
    if (command === 'brand-kit' && sub === 'set') {
      const where = await access(values.url);
      const input = {
        colors: values.colors,
        logo: values.logo,
        headingFont: values['heading-font'],
        bodyFont: values['body-font'],
        intro: values.intro,
        outro: values.outro,
      };
      await setBrandKit(kagamiClient(where), where, input);
      return (await showBrandKit(kagamiClient(where), io, values.json), 0);
    }
    if (command === 'template' && sub === 'list') return (await listTemplates(await client(values.url), io, values.json), 0);
    if (command === 'batch' && sub === 'create') {
      if (!values.template || !values.csv) throw new UsageError('kagami batch create needs --template ID and --csv FILE.');
      return await createBatch(
        await client(values.url),
        { template: values.template, csvFile: values.csv, wait: values.wait },
        io,
        POLL_MS,
      );
    }
    if (command === 'verify') {
      if (!sub) throw new UsageError('kagami verify needs the file.');
      return await verifyFile(await access(values.url), sub, io, values.json);
    }
    if (command === 'video' && sub === 'get') {
      if (!arg) throw new UsageError('kagami video get needs the video id.');
      io.out(JSON.stringify(await getVideo(await client(values.url), arg), null, 2));
      return 0;
    }
    if (command === 'video' && sub === 'create') {
      if (!values.scenes && (!values.avatar || !values.script)) {
        throw new UsageError('kagami video create needs --avatar ID and --script FILE, or --scenes FILE.');
      }
      const where = await access(values.url);
      const api = kagamiClient(where);
      const created = await createVideo(api, where, {
        avatar: values.avatar,
        scriptFile: values.script,
        scenesFile: values.scenes,
        voice: values.voice,
        language: values.language,
        title: values.title,
        subtitles: values.subtitles,
        speed: values.speed === undefined ? undefined : numberOf('speed', values.speed, '0.75 to 1.5'),
        aspectRatio: values['aspect-ratio'],
        resolution: values.resolution,
        background: values.background,
        placement: values.placement,
        scale: values.scale === undefined ? undefined : numberOf('scale', values.scale, '0.3 to 1'),
      });
      const saves = [
        [values.srt, 'srt_url'],
        [values.vtt, 'vtt_url'],
      ] as const;
      if (!values.wait && !values.out && !saves.some(([file]) => file) && !values.thumbnail) {
        io.err(`Video ${created.id} is rendering. See it with: kagami video get ${created.id}`);
        io.out(created.id);
        return 0;
      }
      const video = await waitForVideo(api, created.id, io, POLL_MS);
      if (video.status === 'failed') {
        io.err(`Video ${video.id} failed: ${video.failure_reason ?? 'unknown reason'}.`);
        return 1;
      }
      if (values.out) {
        const bytes = await download(video, values.out);
        io.err(`Video ${video.id} is ready (${video.duration_seconds ?? '?'} s). Saved ${values.out}${bytes ? ` (${bytes} bytes)` : ''}.`);
      } else io.err(`Video ${video.id} is ready (${video.duration_seconds ?? '?'} s).`);
      for (const [file, link] of saves) if (file) await download(video, file, video.captions[link]);
      if (values.thumbnail) await download(video, values.thumbnail, video.thumbnail_url);
      io.out(video.id);
      return 0;
    }
    throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
  } catch (error) {
    if (error instanceof KagamiApiError) {
      const fields = Object.entries(error.fields ?? {}).map(([field, detail]) => `\n  ${field}: ${detail.message}`);
      io.err(`Error: ${error.message} (${error.code})${fields.join('')}`);
      if (error.code === 'api_key_invalid') io.err(`Log in again with kagami login --key KEY (credentials: ${credentialsFile()}).`);
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof TypeError && /fetch failed/.test(error.message)) {
      io.err(`Error: the API could not be reached (${(error.cause as Error | undefined)?.message ?? error.message}).`);
      return 1;
    }
    throw error;
  }
}
