// A video of scenes (`pnpm bench:render scenes`): three minutes (BENCH_SCENES_SECONDS to shorten it) in six scenes at
// 1080p 16:9 (BENCH_SCENES_FORMAT for another) over the pages of a PDF deck, with titles and bullets and fades between them: three with the presenter
// (beside the slide, or in the corner) and three voice-overs, the last the presenter full frame. Each scene's speech,
// then its parts rendered by one worker and by two, each held to one core (as workers on hosts of their own), then the
// join; real-time factors (video seconds per wall second) and where the time went.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { frameSizeOf, type AspectRatio } from '@kagami/shared/validation';
import type { ElementSpec } from '../src/engine/compose/elements';
import { captionCharsFor, timeCaptions } from '../src/engine/compose/captions';
import { renderDocumentPages } from '../src/engine/compose/document-pages';
import type { Framing } from '../src/engine/compose/compose';
import type { RenderInput } from '../src/engine/generation-engine';
import type { LocalEngine } from '../src/engine/local/local-engine';
import {
  joinSceneParts,
  partCostOf,
  piecesOf,
  type PresenterKind,
  sceneFramesOf,
  scenePartsOf,
  sceneSpansOf,
  splitsOf,
  type ScenePart,
  type SceneSpan,
} from '../src/engine/pipeline/scenes';
import { ANALYSIS_RATE, decodeMono } from '../src/engine/speech/decode';
import { VIDEO_FPS } from '../src/engine/video-format';
import { countVideoFrames, probeMedia } from '../src/media/probe';
import { pdfOf } from '../test/media/documents';

const TARGET_SECONDS = Number(process.env.BENCH_SCENES_SECONDS ?? 180);
/** BENCH_SCENES_FORMAT=9:16 (or 1:1, 4:5) makes the same video in that format, to look at. */
const FORMAT = (process.env.BENCH_SCENES_FORMAT ?? '16:9') as AspectRatio;
const PART_SECONDS = 60;
const SENTENCES = [
  'Welcome to the yearly review of our studio, and thank you for joining us today.',
  'We shipped new features every month, and our customers noticed every one of them.',
  'Support answered questions faster than ever, in English and in Japanese.',
  'Next year we bring the studio to phones, to many more languages, and to larger teams.',
];

type Presenter = 'left' | 'corner' | 'full' | null;
const SCENES: { presenter: Presenter; elements: Omit<ElementSpec & { type: 'text' }, 'entrance'>[] }[] = [
  { presenter: 'left', elements: [{ type: 'text', role: 'title', text: 'Our year in review' }] },
  { presenter: null, elements: [{ type: 'text', role: 'bullets', text: 'Revenue grew 40 %\nCosts fell\nTwo new markets' }] },
  { presenter: 'corner', elements: [{ type: 'text', role: 'subtitle', text: 'Customers first' }] },
  { presenter: null, elements: [{ type: 'text', role: 'bullets', text: 'Faster support\nJapanese and English\nNew studio' }] },
  { presenter: 'corner', elements: [{ type: 'text', role: 'title', text: 'Next year' }] },
  { presenter: 'full', elements: [] },
];

/** The bench's presenters as the studio classes them (all scenes but the last are over a slide). */
const presenterKind = (presenter: Presenter): PresenterKind =>
  presenter === 'corner' ? 'corner' : presenter === 'full' ? 'footage' : presenter ? 'cut-out' : null;

const since = (start: number) => (performance.now() - start) / 1000;

/** CPU seconds this process and its finished children (ffmpeg) have used (proc(5): utime, stime, cutime, cstime). */
function cpuSeconds() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

/** When the last part ends with `workers` workers each taking the next part in order, from each part's seconds. */
function criticalPath(times: number[], workers: number) {
  const free = Array.from({ length: workers }, () => 0);
  for (const time of times) free[free.indexOf(Math.min(...free))]! += time;
  return Math.max(...free);
}

/** What a worker is sent for one part: the scene's render, its frames and where its pieces go. */
type PartOrder = { index: number; from: number; to: number; splitAt: number[]; output: string; input: RenderInput; voiceOver: boolean };

/** The parts made by worker processes held to one core each (`cores`), each taking the next part not taken. */
async function makeParts(orders: PartOrder[], cores: number[]) {
  const times: number[] = [];
  const cpu: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    cores.map(
      (core) =>
        new Promise<void>((resolve, reject) => {
          const worker = spawn('taskset', ['-c', String(core), process.execPath, '--import', 'tsx', join(__dirname, 'part-worker.ts')], {
            stdio: ['pipe', 'pipe', 'inherit'],
          });
          const give = () => {
            const order = orders[next++];
            if (!order) return worker.stdin.end();
            worker.stdin.write(`${JSON.stringify(order)}\n`);
          };
          createInterface({ input: worker.stdout }).on('line', (line) => {
            const done = JSON.parse(line) as { index: number; seconds: number; cpuSeconds: number };
            times[done.index] = done.seconds;
            cpu[done.index] = done.cpuSeconds;
            give();
          });
          worker.on('error', reject);
          worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a part worker exited with ${code}`))));
          give();
        }),
    ),
  );
  return { times, cpu, seconds: since(start) };
}

export async function scenesBench(engine: LocalEngine, avatar: { loop: string; mouth: string | null; matte: string }, dir: string) {
  const frame = frameSizeOf(FORMAT, '1080p');
  const deck = join(dir, 'deck.pdf');
  writeFileSync(deck, await pdfOf(SCENES.length));
  const pages = await renderDocumentPages(deck, dir, (page) => ({ image: `page-${page}.png`, thumbnail: `page-${page}.jpg` }));

  // Speech: each scene's script spoken, as the video's job does before any part is sent.
  const speechStart = performance.now();
  const perScene = TARGET_SECONDS / SCENES.length;
  const sample = (await engine.synthesizeSpeech(SENTENCES.join(' '), 'en')).durationSeconds / SENTENCES.join(' ').length;
  const style = { size: 'medium', position: 'bottom', color: '#FFFFFF', box_color: '#000000' } as const;
  const spoken: { audio: string; phonemes: RenderInput['phonemes']; cues: ReturnType<typeof timeCaptions> }[] = [];
  for (const [index] of SCENES.entries()) {
    let script = '';
    for (let n = index; script.length * sample < perScene; n += 1) script += `${SENTENCES[n % SENTENCES.length]} `;
    const speech = await engine.synthesizeSpeech(script, 'en');
    const audio = join(dir, `scene-${index}.wav`);
    writeFileSync(audio, speech.wav);
    const cues = timeCaptions(speech.spans, await decodeMono(audio), ANALYSIS_RATE, captionCharsFor(frame, style.size));
    spoken.push({ audio, phonemes: speech.phonemes, cues });
  }
  const speechSeconds = since(speechStart);

  const planStart = performance.now();
  const inputs: RenderInput[] = SCENES.map((scene, index) => {
    const framing: Framing = {
      frame,
      background:
        scene.presenter === 'full' ? { type: 'footage' } : { type: 'image', file: join(dir, pages[index]!.image), fit: 'contain' },
      placement: { position: scene.presenter ?? 'full', scale: scene.presenter === 'corner' ? 0.6 : 1 },
      elements: scene.elements.map((element) => ({ ...element, entrance: 'fade' })),
    };
    return {
      ...avatar,
      ...spoken[index]!,
      language: 'en',
      seed: `bench-${index}`,
      output: '',
      watermark: true,
      framing,
      captions: { cues: spoken[index]!.cues, burnIn: false, style },
      localOnly: true,
    };
  });
  const frames: number[] = [];
  const cuts: (number[] | null)[] = [];
  for (const [index, input] of inputs.entries()) {
    frames.push(await sceneFramesOf(input.audio));
    cuts.push(SCENES[index]!.presenter ? await engine.segmentsOf(input, PART_SECONDS) : null);
  }
  const spans: SceneSpan[] = sceneSpansOf(
    frames,
    SCENES.map(() => ({ type: 'fade', seconds: 0.5 })),
  );
  const parts: ScenePart[] = scenePartsOf(spans, cuts);
  const planSeconds = since(planStart);
  const durationSeconds = spans.reduce((sum, span) => sum + span.frames - span.head, 0) / VIDEO_FPS;
  console.log(
    `scenes: ${durationSeconds.toFixed(1)} s of ${FORMAT} video at 1080p in ${SCENES.length} scenes (${parts.length} parts), speech ${speechSeconds.toFixed(1)} s, plan ${planSeconds.toFixed(2)} s`,
  );

  for (const cores of [[0], [0, 1]]) {
    const pieceFiles = parts.map((part, index) =>
      piecesOf(spans[part.scene]!, part).map((_, k) => join(dir, `scenes-${cores.length}-part-${index}-${k}.mp4`)),
    );
    const orders: PartOrder[] = parts.map((part, index) => {
      const splitAt = splitsOf(spans[part.scene]!, part);
      const output = splitAt.length ? join(dir, `scenes-${cores.length}-part-${index}-%d.mp4`) : pieceFiles[index]![0]!;
      return {
        index,
        from: part.from,
        to: part.to,
        splitAt,
        output,
        input: inputs[part.scene]!,
        voiceOver: !SCENES[part.scene]!.presenter,
      };
    });
    // The costliest parts first, as the video's job sends them.
    const cost = (order: PartOrder) => partCostOf(parts[order.index]!, presenterKind(SCENES[parts[order.index]!.scene]!.presenter));
    const sent = [...orders].sort((a, b) => cost(b) - cost(a));
    const made = await makeParts(sent, cores);
    const cpuInOrder = sent.map((order) => made.cpu[order.index]!);
    const joinStart = performance.now();
    const joinCpuStart = cpuSeconds();
    const output = join(dir, `scenes-${cores.length}.mp4`);
    await joinSceneParts(
      { spans, parts },
      {
        pieces: pieceFiles,
        audio: inputs.map((input) => input.audio),
        output,
        thumbnail: join(dir, `scenes-${cores.length}.jpg`),
        folder: dir,
      },
      frame,
    );
    const joinSeconds = since(joinStart);
    const joinCpu = cpuSeconds() - joinCpuStart;
    const wall = speechSeconds + planSeconds + made.seconds + joinSeconds;
    // The machine may be shared: the CPU seconds each part took model a core of its own per worker.
    const modelled = speechSeconds + planSeconds + criticalPath(cpuInOrder, cores.length) + joinCpu;
    const probe = await probeMedia(output);
    const count = await countVideoFrames(output);
    const workers = `${cores.length} worker${cores.length > 1 ? 's' : ''}`;
    console.log(
      `  ${workers} held to a core each: speech ${speechSeconds.toFixed(1)} s + parts ${made.seconds.toFixed(1)} s + join ${joinSeconds.toFixed(1)} s = ${wall.toFixed(1)} s wall (${(durationSeconds / wall).toFixed(2)}x real time)`,
    );
    console.log(
      `    from CPU seconds (a core of its own per worker): parts ${criticalPath(cpuInOrder, cores.length).toFixed(1)} s + join ${joinCpu.toFixed(1)} s, with speech ${modelled.toFixed(1)} s (${(durationSeconds / modelled).toFixed(2)}x real time)`,
    );
    console.log(
      `    per part (wall / CPU): ${parts.map((part, index) => `${SCENES[part.scene]!.presenter ?? 'voice-over'} ${((part.to - part.from) / VIDEO_FPS).toFixed(0)} s in ${made.times[index]!.toFixed(1)} / ${made.cpu[index]!.toFixed(1)} s`).join(', ')}`,
    );
    console.log(
      `    output: ${probe?.durationSeconds?.toFixed(3)} s, ${count} frames (planned ${Math.round(durationSeconds * VIDEO_FPS)}), ${probe?.video?.width}x${probe?.video?.height}, ${output}`,
    );
  }
}
