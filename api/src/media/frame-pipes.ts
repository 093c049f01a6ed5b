// Raw video frames through ffmpeg's pipes: one process decodes a video into frames for this process,
// another encodes the frames it is handed. Each reports the CPU time it used (ffmpeg's -benchmark).
import { spawn, type ChildProcess } from 'node:child_process';
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

/** Cuts a stream of chunks into whole frames of `frameBytes` (the last partial frame is dropped). */
export async function* wholeFrames(chunks: AsyncIterable<Buffer>, frameBytes: number): AsyncGenerator<Buffer> {
  let frame = Buffer.allocUnsafe(frameBytes);
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
        frame = Buffer.allocUnsafe(frameBytes);
        filled = 0;
      }
    }
  }
}

/**
 * Decodes with ffmpeg (`args` name the input and the raw output format, ending before `pipe:1`) into
 * frames of `frameBytes`. `done` settles when ffmpeg exits; stopping early kills it.
 */
export function readFrames(args: string[], frameBytes: number, timeoutMs = 3_600_000) {
  const { child, done } = startFfmpeg([...args, 'pipe:1'], 'ignore', timeoutMs);
  async function* frames() {
    try {
      yield* wholeFrames(child.stdout as AsyncIterable<Buffer>, frameBytes);
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
    /** Resolves once ffmpeg can take more; rejects when it has stopped. */
    async write(frame: Buffer) {
      if (failure)
        throw await done.then(
          () => failure!,
          (error: Error) => error,
        );
      if (!stdin.write(frame)) await drained(child);
    },
    async end() {
      stdin.end();
      return done;
    },
    kill: () => child.kill('SIGKILL'),
    done,
  };
}

function drained(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    const settle = () => {
      child.stdin!.off('drain', settle);
      child.off('close', settle);
      resolve();
    };
    child.stdin!.once('drain', settle);
    child.once('close', settle);
  });
}
