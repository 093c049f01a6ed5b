// What the lip-sync providers share: JSON over HTTP with retries (network errors, timeouts, 5xx and 429, waiting as
// long as Retry-After asks; never a 4xx), polling with backoff until a job ends, and taking the output in (a URL,
// fetched at once as hosted outputs expire within the hour, or a data URI) checked as a video of the speech's length.
import { createWriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { probeMedia } from '../../../media/probe';
import { fetchRetrying, GaveUp, isRetryableStatus, sleep } from '../../../lib/retrying-fetch';
import { LipSyncFailure } from '../lipsync-provider';
import type { HttpOptions } from '../../../config/providers';

/** The output may be this much longer or shorter than the speech. */
const LENGTH_TOLERANCE_SECONDS = 0.2;

/**
 * `init` sent to `url` until it gives a 2xx, whose JSON body is returned. `name` says whose API it is, in errors
 * (which never carry the request's headers: the key stays out of logs).
 */
export async function requestJson<T>(name: string, url: string, init: RequestInit, options: HttpOptions): Promise<T> {
  let answer: { status: number; body: Buffer };
  try {
    answer = await fetchRetrying(name, url, init, options);
  } catch (error) {
    if (!(error instanceof GaveUp)) throw error;
    const { status } = error;
    if (status === null || isRetryableStatus(status)) throw new LipSyncFailure('lipsync_unavailable', error.message);
    throw new LipSyncFailure('lipsync_failed', error.message, status === 401 || status === 403);
  }
  try {
    return (answer.body.length ? JSON.parse(answer.body.toString('utf8')) : {}) as T;
  } catch {
    throw new LipSyncFailure('lipsync_failed', `${name} answered ${answer.status} with something that is not JSON`);
  }
}

/** What one look at a job says: still running, done with its output, or failed with the provider's reason. */
export type JobState<T> = { done: false } | { done: true; result: T } | { done: true; failed: string };

/** Calls `look` until the job ends (waits growing from backoffMs to maxWaitMs), at most jobTimeoutMs. */
export async function pollJob<T>(name: string, look: () => Promise<JobState<T>>, options: HttpOptions): Promise<T> {
  const deadline = Date.now() + options.jobTimeoutMs;
  for (let poll = 0; ; poll += 1) {
    const state = await look();
    if (state.done) {
      if ('failed' in state) throw new LipSyncFailure('lipsync_failed', `${name}: ${state.failed}`);
      return state.result;
    }
    if (Date.now() >= deadline) throw new LipSyncFailure('lipsync_unavailable', `${name}: not done within ${options.jobTimeoutMs} ms`);
    await sleep(Math.min(options.maxWaitMs, options.backoffMs * 2 ** Math.min(poll, 10)));
  }
}

/**
 * The provider's output (an http(s) URL or a data URI) written to `file` and checked: a video whose length is the
 * speech's within LENGTH_TOLERANCE_SECONDS, or a LipSyncFailure (`lipsync_bad_output`) and nothing left behind.
 */
export async function takeOutput(name: string, output: unknown, file: string, durationSeconds: number, options: HttpOptions) {
  if (typeof output !== 'string') throw new LipSyncFailure('lipsync_bad_output', `${name} gave no output address`);
  try {
    const inline = /^data:[^;,]*(;base64)?,/.exec(output);
    if (inline) {
      const data = output.slice(inline[0].length);
      await writeFile(file, inline[1] ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data)));
    } else if (/^https?:\/\//.test(output)) {
      await download(name, output, file, options);
    } else {
      throw new LipSyncFailure('lipsync_bad_output', `${name} gave an output that is neither a URL nor a data URI`);
    }
    const probe = await probeMedia(file);
    if (!probe?.video) throw new LipSyncFailure('lipsync_bad_output', `${name} gave something that is not a video`);
    const length = probe.durationSeconds ?? 0;
    if (Math.abs(length - durationSeconds) > LENGTH_TOLERANCE_SECONDS) {
      throw new LipSyncFailure(
        'lipsync_bad_output',
        `${name} gave a video of ${length.toFixed(2)} s for ${durationSeconds.toFixed(2)} s of speech`,
      );
    }
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

async function download(name: string, url: string, file: string, options: HttpOptions) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(url, { signal: AbortSignal.timeout(options.jobTimeoutMs) }).catch((error: Error) => error);
    if (response instanceof Response && response.ok && response.body) {
      await pipeline(Readable.fromWeb(response.body as ReadableStream), createWriteStream(file));
      return;
    }
    const problem = response instanceof Response ? `answered ${response.status}` : response.message;
    // An expired output (404, 403, 410) will not come back.
    if ((response instanceof Response && !isRetryableStatus(response.status)) || attempt >= options.retries) {
      throw new LipSyncFailure('lipsync_bad_output', `${name}'s output could not be fetched: ${problem}`);
    }
    await sleep(Math.min(options.maxWaitMs, options.backoffMs * 2 ** attempt));
  }
}
