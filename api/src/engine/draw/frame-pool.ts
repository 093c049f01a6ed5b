// Frames rendered across the cores: worker threads each load the render code once, take one frame at a time and
// hand it back; the pool keeps the order of the frames and only a few of them in flight.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const TSX_HOOK = require.resolve('tsx/cjs/api');

/** What a worker is sent for one frame, with the buffers whose ownership moves to it (and back). */
export type PoolTask<T> = { task: T; transfer: ArrayBuffer[] };
type Reply<R> = { seq: number; result?: R; error?: string };

/**
 * A worker of the pool runs `workerFile` (TypeScript: loaded through tsx's require hook, since `--import tsx` in a
 * worker's execArgv does not reach its entry file on Node 20): it receives `init` once as its `workerData`, then
 * `{ seq, task }` messages, and posts `{ seq, result }` or `{ seq, error }`.
 */
export class FramePool<T, R> {
  private readonly workers: Worker[];
  private readonly waiting = new Map<number, { resolve: (result: R) => void; reject: (error: Error) => void }>();
  private next = 0;
  private failure: Error | null = null;

  constructor(workerFile: string, init: unknown, size = defaultPoolSize()) {
    this.workers = Array.from({ length: size }, () => {
      const entry = `require(${JSON.stringify(TSX_HOOK)}).register(); require(${JSON.stringify(workerFile)});`;
      const worker = new Worker(entry, { eval: true, workerData: init });
      worker.on('message', (reply: Reply<R>) => this.settle(reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`frame worker exited with code ${code}`));
      });
      return worker;
    });
  }

  get size() {
    return this.workers.length;
  }

  /** Runs one task on the next worker in turn; resolves with its result. */
  run({ task, transfer }: PoolTask<T>): Promise<R> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.next;
    this.next += 1;
    const promise = new Promise<R>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    this.workers[seq % this.workers.length]!.postMessage({ seq, task }, transfer);
    return promise;
  }

  /** The results of `tasks` in their order, with at most `inFlight` frames at the workers at once. */
  async *map(tasks: AsyncIterable<PoolTask<T>>, inFlight = this.workers.length * 2): AsyncGenerator<R> {
    const pending: Promise<R>[] = [];
    for await (const task of tasks) {
      pending.push(this.run(task));
      if (pending.length >= inFlight) yield await pending.shift()!;
    }
    while (pending.length) yield await pending.shift()!;
  }

  async close() {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private settle({ seq, result, error }: Reply<R>) {
    const waiter = this.waiting.get(seq);
    if (!waiter) return;
    this.waiting.delete(seq);
    if (error) waiter.reject(new Error(error));
    else waiter.resolve(result!);
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

/** One worker per core (ffmpeg's decoder and encoder share the cores with them), at most four. */
const defaultPoolSize = () => Math.max(1, Math.min(4, availableParallelism()));
