import { blockingTimeByKind } from '../lib/blocking-time.mjs';

const PAGE = { pid: 1, tid: 10 };
const OTHER_FRAME = { pid: 2, tid: 20 };

/** A complete trace event on `thread`, from `start` to `start + duration`, both in milliseconds. */
const event = (thread: typeof PAGE, name: string, start: number, duration: number) => ({
  ...thread,
  ph: 'X',
  name,
  ts: start * 1000,
  dur: duration * 1000,
});

/** A task of `duration` ms on the page's main thread, started by a `cause` event lasting most of it. */
const task = (start: number, duration: number, cause: string) => [
  event(PAGE, 'RunTask', start, duration),
  event(PAGE, cause, start + 0.1, duration - 0.2),
];

const trace = {
  traceEvents: [
    { ...PAGE, ph: 'M', name: 'thread_name', args: { name: 'CrRendererMain' } },
    { ...OTHER_FRAME, ph: 'M', name: 'thread_name', args: { name: 'CrRendererMain' } },
    event(OTHER_FRAME, 'RunTask', 0, 500),
    { ...PAGE, ph: 'I', name: 'firstContentfulPaint', ts: 100_000 },
    ...task(10, 200, 'EvaluateScript'), // before the first paint: not counted
    ...task(200, 20, 'EvaluateScript'),
    ...task(300, 30, 'TimerFire'),
    ...task(400, 10, 'FunctionCall'), // 10 ms at 5x is 50 ms: not beyond
    ...task(500, 12, 'v8.callFunction'),
    ...task(600, 15, 'Layout'),
    ...task(700, 8, 'FunctionCall'), // 8 ms at 5x is 40 ms: not blocking
    ...task(800, 20, 'ParseHTML'),
  ],
};

test('each task after the first paint blocks for what it lasts beyond 50 ms on the simulated phone, under what started it', () => {
  const { total, tasks, byKind } = blockingTimeByKind(trace, 5);
  expect(byKind).toEqual([
    { kind: 'timers (setTimeout)', tasks: 1, ms: 100 },
    { kind: 'script evaluation', tasks: 1, ms: 50 },
    { kind: 'other', tasks: 1, ms: 50 },
    { kind: 'style and layout', tasks: 1, ms: 25 },
    { kind: "callbacks (React's scheduler, events)", tasks: 1, ms: 10 },
  ]);
  expect(total).toBe(235);
  expect(tasks).toBe(5);
});

test('a slower phone makes more of the same tasks blocking', () => {
  expect(blockingTimeByKind(trace, 10).total).toBeGreaterThan(blockingTimeByKind(trace, 5).total);
  expect(blockingTimeByKind(trace, 2)).toEqual({ total: 10, tasks: 1, byKind: [{ kind: 'timers (setTimeout)', tasks: 1, ms: 10 }] });
});

test('a trace without the page main thread blocks nothing', () => {
  expect(blockingTimeByKind({ traceEvents: [] }, 5)).toEqual({ total: 0, tasks: 0, byKind: [] });
});
