import { blockingTimeByKind } from '../lib/blocking-time.mjs';

const PAGE = { pid: 1, tid: 10 };
const OTHER_TAB = { pid: 2, tid: 20 };
const FRAME = 'FRAME-1';
const TIMELINE = 'disabled-by-default-devtools.timeline';

/** A complete trace event on `thread`, from `start` to `start + duration`, both in milliseconds after navigation. */
const event = (thread: typeof PAGE, name: string, start: number, duration: number) => ({
  ...thread,
  cat: TIMELINE,
  ph: 'X',
  name,
  ts: start * 1000,
  dur: duration * 1000,
  args: { data: {} },
});

/** A task of `duration` ms on the page's main thread, started by a `cause` event lasting most of it. */
const task = (start: number, duration: number, cause: string) => [
  event(PAGE, 'RunTask', start, duration),
  event(PAGE, cause, start + 0.1, duration - 0.2),
];

/** What Lighthouse needs to find the page: its renderer's main thread, the navigation and the first paint. */
const page = [
  { ...PAGE, cat: '__metadata', ph: 'M', name: 'thread_name', ts: 0, args: { name: 'CrRendererMain' } },
  { ...OTHER_TAB, cat: '__metadata', ph: 'M', name: 'thread_name', ts: 0, args: { name: 'CrRendererMain' } },
  {
    pid: 3,
    tid: 30,
    cat: TIMELINE,
    ph: 'I',
    name: 'TracingStartedInBrowser',
    ts: 0,
    args: { data: { frames: [{ frame: FRAME, url: 'http://localhost/', processId: PAGE.pid }] } },
  },
  {
    ...PAGE,
    cat: 'blink.user_timing',
    ph: 'R',
    name: 'navigationStart',
    ts: 1000,
    args: { frame: FRAME, data: { documentLoaderURL: 'http://localhost/', isLoadingMainFrame: true, navigationId: 'N' } },
  },
  {
    ...PAGE,
    cat: 'loading,rail,devtools.timeline',
    ph: 'I',
    name: 'firstContentfulPaint',
    ts: 100_000,
    args: { frame: FRAME, data: { navigationId: 'N' } },
  },
];

const trace = {
  traceEvents: [
    ...page,
    event(OTHER_TAB, 'RunTask', 150, 500), // another tab's renderer: not the page's
    ...task(10, 80, 'EvaluateScript'), // before the first paint: not counted
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

test('a page with no task after its first paint blocks nothing', () => {
  expect(blockingTimeByKind({ traceEvents: [...page, ...task(10, 80, 'EvaluateScript')] }, 5)).toEqual({ total: 0, tasks: 0, byKind: [] });
});
