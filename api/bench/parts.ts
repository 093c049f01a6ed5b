// The parts of a long video (`pnpm bench:render`, or `pnpm bench:render parts` alone): 10 minutes of speech cut into
// parts of 60 s, made by one worker and by two at once on this machine (sharing its two cores, and held to a core each
// as workers on hosts of their own), and the critical path for more workers modelled from the measured part times.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { RenderInput } from '../src/engine/generation-engine';
import type { LocalEngine } from '../src/engine/local/local-engine';
import { probeMedia } from '../src/media/probe';
import { runFfmpeg } from '../src/media/tools';

const PART_SECONDS = 60;
/** Ten minutes unless BENCH_PARTS_SECONDS says otherwise (a quick look). */
const TARGET_SECONDS = Number(process.env.BENCH_PARTS_SECONDS ?? 600);
const SENTENCES = [
  'Welcome to the yearly review of our studio, and thank you for joining us today.',
  'We shipped new features every month, and our customers noticed every one of them.',
  'Support answered questions faster than ever, in English and in Japanese.',
  'Next year we bring the studio to phones, to many more languages, and to larger teams.',
];

const since = (start: number) => (performance.now() - start) / 1000;

/** Parts made by `workers` at once, each taking the next part not taken: the seconds each part took, and the wall time. */
async function makeParts(engine: LocalEngine, input: RenderInput, cuts: number[], workers: number, dir: string) {
  const times: number[] = [];
  const files = cuts.slice(1).map((_, index) => join(dir, `part-${workers}-${index}.mp4`));
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let index = next++; index < files.length; index = next++) {
        const started = performance.now();
        await engine.renderSegment({ ...input, output: files[index]! }, { from: cuts[index]!, to: cuts[index + 1]! });
        times[index] = since(started);
      }
    }),
  );
  const parts = since(start);
  const joinStart = performance.now();
  await engine.joinSegments(files, { ...input, output: join(dir, `joined-${workers}.mp4`), thumbnail: join(dir, `joined-${workers}.jpg`) });
  return { times, parts, join: since(joinStart), wall: since(start) };
}

/**
 * Parts made by worker processes held to one core each (`cores`), as workers on hosts of their own would make them:
 * each takes the next part not taken. The seconds each part took, and the wall time with the join.
 */
async function makePartsOnCores(engine: LocalEngine, input: RenderInput, cuts: number[], cores: number[], dir: string) {
  const job = join(dir, 'render.json');
  writeFileSync(job, JSON.stringify(input));
  const files = cuts.slice(1).map((_, index) => join(dir, `part-cores-${cores.length}-${index}.mp4`));
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    cores.map(
      (core) =>
        new Promise<void>((resolve, reject) => {
          const worker = spawn(
            'taskset',
            ['-c', String(core), process.execPath, '--import', 'tsx', join(__dirname, 'part-worker.ts'), job],
            {
              stdio: ['pipe', 'pipe', 'inherit'],
            },
          );
          const give = () => {
            const index = next++;
            if (index >= files.length) return worker.stdin.end();
            worker.stdin.write(`${JSON.stringify({ index, from: cuts[index], to: cuts[index + 1], output: files[index] })}\n`);
          };
          createInterface({ input: worker.stdout }).on('line', (line) => {
            const done = JSON.parse(line) as { index: number; seconds: number };
            times[done.index] = done.seconds;
            give();
          });
          worker.on('error', reject);
          worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a part worker exited with ${code}`))));
          give();
        }),
    ),
  );
  const parts = since(start);
  const joinStart = performance.now();
  await engine.joinSegments(files, { ...input, output: join(dir, `joined-cores-${cores.length}.mp4`) });
  return { times, parts, join: since(joinStart), wall: since(start) };
}

/** When the last part ends with `workers` workers each taking the next part in order (a model from measured times). */
function criticalPath(times: number[], workers: number) {
  const free = Array.from({ length: workers }, () => 0);
  for (const time of times) {
    const earliest = free.indexOf(Math.min(...free));
    free[earliest]! += time;
  }
  return Math.max(...free);
}

export async function partsBench(engine: LocalEngine, avatar: { loop: string; mouth: string | null }, dir: string) {
  const scriptOf = (chars: number) => {
    let script = '';
    for (let n = 0; script.length < chars; n += 1) script += `${SENTENCES[n % SENTENCES.length]} `;
    return script;
  };
  // A script holds at most 5,000 characters (about five minutes): ten minutes are several scripts' speech one after
  // the other, rendered as uploaded audio is (the mouth from the sound).
  const sample = scriptOf(600);
  const perSecond = sample.length / (await engine.synthesizeSpeech(sample, 'en')).durationSeconds;
  const chars = perSecond * (TARGET_SECONDS + 2);
  const pieces = Math.ceil(chars / 4500);
  const files: string[] = [];
  for (let piece = 0; piece < pieces; piece += 1) {
    files.push(join(dir, `piece-${piece}.wav`));
    writeFileSync(files[piece]!, (await engine.synthesizeSpeech(scriptOf(chars / pieces), 'en')).wav);
  }
  const audio = join(dir, 'long.wav');
  const joined = `${files.map((_, n) => `[${n}:a]`).join('')}concat=n=${pieces}:v=0:a=1`;
  await runFfmpeg([...files.flatMap((file) => ['-i', file]), '-filter_complex', joined, audio]);
  const durationSeconds = (await probeMedia(audio))!.durationSeconds!;
  const input: RenderInput = { ...avatar, audio, language: 'en', seed: 'bench', output: '', watermark: true };
  const planStart = performance.now();
  const cuts = (await engine.segmentsOf(input, PART_SECONDS))!;
  const plan = since(planStart);
  console.log(
    `parts: ${durationSeconds.toFixed(1)} s of speech (720p head and shoulders) cut into ${cuts.length - 1} parts in ${plan.toFixed(2)} s`,
  );
  const one = await makeParts(engine, input, cuts, 1, dir);
  const two = await makeParts(engine, input, cuts, 2, dir);
  const oneCore = await makePartsOnCores(engine, input, cuts, [0], dir);
  const twoCores = await makePartsOnCores(engine, input, cuts, [0, 1], dir);
  const runs = [
    ['1 worker (both cores)', one],
    ['2 workers sharing both cores', two],
    ['1 worker held to one core', oneCore],
    ['2 workers held to a core each', twoCores],
  ] as const;
  for (const [workers, run] of runs) {
    console.log(
      `  ${workers}: parts ${run.parts.toFixed(1)} s, join ${run.join.toFixed(1)} s, wall ${run.wall.toFixed(1)} s (${(durationSeconds / run.wall).toFixed(2)}x real time)`,
    );
  }
  console.log(`  2 workers against 1 on ${availableParallelism()} cores: ${(one.wall / two.wall).toFixed(2)}x faster`);
  console.log(`  2 one-core workers against 1 (as on hosts of their own): ${(oneCore.wall / twoCores.wall).toFixed(2)}x faster`);
  console.log(`  part times, one worker on both cores: ${one.times.map((time) => time.toFixed(1)).join(', ')} s`);
  console.log(`  part times, one worker on one core: ${oneCore.times.map((time) => time.toFixed(1)).join(', ')} s`);
  for (const [host, run] of [
    ['two-core', one],
    ['one-core', oneCore],
  ] as const) {
    for (const workers of [8, 32]) {
      const path = criticalPath(run.times, workers) + run.join + plan;
      console.log(
        `  model, ${workers} workers on ${host} hosts of their own (each part as fast as it was made here): critical path ${path.toFixed(1)} s (${(durationSeconds / path).toFixed(1)}x real time)`,
      );
    }
  }
}
