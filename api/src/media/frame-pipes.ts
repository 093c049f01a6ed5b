// Raw video frames through ffmpeg's pipes: one process decodes a video into frames for this process,
// another encodes the frames it is handed. Each reports the CPU time it used (ffmpeg's -benchmark).
import { spawn } from 'node:child_process';
import { ensureExecutable, ffmpegPath, ToolError } from './tools';

/** CPU seconds (user + system) an ffmpeg process used, read from its `-benchmark` line. */
export type PipeStats = { cpuSeconds: number };

function startFfmpeg(args: string[], stdin: 'pipe' | 'ignore', timeoutMs: number) {
  ensureExecutable(ffmpegPath);
  const child = spawn(ffmpegPath, ['-hide_banner', '-nostats', '-loglevel', 'info', '-benchmark', '-y', ...args], {
    stdio: [stdin, 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const done = new Promise<PipeStats>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const bench = /utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
      if (code === 0) resolve({ cpuSeconds: bench ? Number(bench[1]) + Number(bench[2]) : 0 });
      else reject(new ToolError('ffmpeg', code, stderr));
    });
  });
  // Awaited by the caller at the end; until then a failure must not count as unhandled.
  done.catch(() => undefined);
  return { child, done };
}

/** Where a frame's bytes go: a buffer of `frameBytes` handed back by the caller for reuse, or a new one. */
export type FrameBuffers = () => Buffer;

/**
 * Cuts a stream of chunks into whole frames of `frameBytes` (the last partial frame is dropped), each in a buffer from
 * `take` (a new one per frame unless the caller recycles them).
 */
export async function* wholeFrames(
  chunks: AsyncIterable<Buffer>,
  frameBytes: number,
  take: FrameBuffers = () => Buffer.allocUnsafe(frameBytes),
): AsyncGenerator<Buffer> {
  let frame = take();
  let filled = 0;
  for await (const chunk of chunks) {
    let offset = 0;
    while (offset < chunk.length) {
      const count = Math.min(frameBytes - filled, chunk.length - offset);
      chunk.copy(frame, filled, offset, offset + count);
      filled += count;
      offset += count;
      if (filled === frameBytes) {
        yield frame;
        frame = take();
        filled = 0;
      }
    }
  }
}

/**
 * Decodes with ffmpeg (`args` name the input and the raw output format, ending before `pipe:1`) into
 * frames of `frameBytes`. `done` settles when ffmpeg exits; stopping early kills it.
 */
export function readFrames(args: string[], frameBytes: number, options: { timeoutMs?: number; take?: FrameBuffers } = {}) {
  const { child, done } = startFfmpeg([...args, 'pipe:1'], 'ignore', options.timeoutMs ?? 3_600_000);
  async function* frames() {
    try {
      yield* wholeFrames(child.stdout as AsyncIterable<Buffer>, frameBytes, options.take);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }
  return { frames: frames(), done };
}

/** Encodes frames written to ffmpeg's standard input (`args` describe that input as `-i pipe:0`). */
export function writeFrames(args: string[], timeoutMs = 3_600_000) {
  const { child, done } = startFfmpeg(args, 'pipe', timeoutMs);
  const stdin = child.stdin!;
  let failure: Error | null = null;
  stdin.on('error', (error) => {
    failure = error;
  });
  return {
    /** Resolves once the frame is handed to ffmpeg (its buffer free to reuse); rejects when ffmpeg has stopped. */
    async write(frame: Buffer) {
      if (!failure)
        await new Promise<void>((resolve) => {
          const closed = () => resolve();
          child.once('close', closed);
          stdin.write(frame, (error) => {
            if (error) failure ??= error;
            child.off('close', closed);
            resolve();
          });
        });
      if (failure)
        throw await done.then(
          () => failure!,
          (error: Error) => error,
        );
    },
    async end() {
      stdin.end();
      return done;
    },
    kill: () => child.kill('SIGKILL'),
    done,
  };
}
