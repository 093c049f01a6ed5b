// One worker for bench/parts.ts, started held to one core (taskset): reads the render from the file named by its
// argument, then makes each part it is sent on stdin (a JSON line) and answers with a JSON line when it is made.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { RenderInput } from '../src/engine/generation-engine';
import { LocalEngine } from '../src/engine/local/local-engine';

async function main() {
  const input = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as RenderInput;
  const engine = new LocalEngine();
  for await (const line of createInterface({ input: process.stdin })) {
    const part = JSON.parse(line) as { index: number; from: number; to: number; output: string };
    const started = performance.now();
    await engine.renderSegment({ ...input, output: part.output }, part);
    process.stdout.write(`${JSON.stringify({ index: part.index, seconds: (performance.now() - started) / 1000 })}\n`);
  }
  engine.close();
}

void main();
