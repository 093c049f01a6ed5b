// ffmpeg, ffprobe and other tools run as separate processes: the packaged binaries, their output and errors (a full
// disk told apart), and speech encoded as MP3.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';

export const ffmpegPath: string = ffmpeg.path;
export const ffprobePath: string = ffprobe.path;

/** The ffprobe package arrives without its execute bit (its postinstall is not run); set it once. */
export function ensureExecutable(path: string) {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, 0o755);
  }
}

export class ToolError extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${tool} exited with ${exitCode}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  }
}

/** The disk (or the file system the output goes to) is full: from Node, or from ffmpeg's own report. */
export const isDiskFull = (error: unknown) =>
  (error as NodeJS.ErrnoException | null)?.code === 'ENOSPC' ||
  (error instanceof ToolError && /No space left on device/i.test(error.stderr));

/** Runs a tool as a separate process (ffmpeg and ffprobe: they are GPL builds; pg_dump) and collects its output. */
export function runTool(
  path: string,
  args: string[],
  options: { timeoutMs?: number; input?: Buffer } = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  // A packaged binary (a path) may lack its execute bit; a bare name is found on PATH.
  if (path.includes('/')) ensureExecutable(path);
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8000);
    });
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : null;
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr });
      else reject(new ToolError(path.split('/').pop()!, code, stderr));
    });
    if (options.input) child.stdin!.end(options.input);
  });
}

export const runFfmpeg = (args: string[], options?: { timeoutMs?: number; input?: Buffer }) =>
  runTool(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args], options);

/** Speech (a WAV file's bytes) encoded as an MP3 file. */
export const encodeMp3 = async (wav: Buffer, file: string) => {
  await runFfmpeg(['-f', 'wav', '-i', 'pipe:0', '-c:a', 'libmp3lame', '-b:a', '96k', file], { input: wav });
};
