// One worker for bench/parts.ts and bench/scenes.ts, started held to one core (taskset): reads the render from the file
// named by its argument (when it has one), then makes each part it is sent on stdin (a JSON line, which may carry its
// own render: a scene's, a voice-over's) and answers with a JSON line when it is made.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { PartRange, RenderInput, VoiceOverInput } from '../src/engine/generation-engine';
import { LocalEngine } from '../src/engine/local/local-engine';

/** CPU seconds this process and its finished children (ffmpeg) have used: what a core of its own would take. */
function cpuSeconds() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // utime, stime, cutime, cstime (fields 14-17 of proc(5)), in clock ticks of 1/100 s.
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

type PartLine = PartRange & { index: number; output: string; input?: RenderInput; voiceOver?: boolean };

async function main() {
  const shared = process.argv[2] ? (JSON.parse(readFileSync(process.argv[2], 'utf8')) as RenderInput) : null;
  const engine = new LocalEngine();
  for await (const line of createInterface({ input: process.stdin })) {
    const part = JSON.parse(line) as PartLine;
    const input = { ...(part.input ?? shared!), output: part.output };
    const range = { from: part.from, to: part.to, splitAt: part.splitAt };
    const started = performance.now();
    const cpu = cpuSeconds();
    if (part.voiceOver) await engine.renderVoiceOver(input as VoiceOverInput, range);
    else await engine.renderSegment(input, range);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`${JSON.stringify({ index: part.index, seconds, cpuSeconds: cpuSeconds() - cpu })}\n`);
  }
  engine.close();
}

void main();
