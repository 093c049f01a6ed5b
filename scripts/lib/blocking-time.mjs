/**
 * Where a Lighthouse run's Total Blocking Time comes from, read off its trace. Lighthouse's simulated phone stretches
 * every main-thread task by the CPU slowdown, and a task blocks for what it lasts beyond 50 ms; so at 5.7x every task
 * longer than 8.8 ms on the host counts. Each such task after the first contentful paint is put under what started it.
 * It counts to the trace's end, where Lighthouse stops at Time to Interactive, so its total can exceed the reported TBT
 * (seen: 2,686 against 2,670 ms, 3,815 against 3,330): it is for the shares, not the score.
 */

/** The browser's trace event that started a task, and the name it is reported under. */
const KINDS = [
  { test: (name) => name === 'EvaluateScript', label: 'script evaluation' },
  { test: (name) => name === 'TimerFire', label: 'timers (setTimeout)' },
  { test: (name) => name === 'FunctionCall' || name === 'v8.callFunction', label: "callbacks (React's scheduler, events)" },
  { test: (name) => name === 'RunMicrotasks', label: 'promise callbacks' },
  { test: (name) => /^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|Commit)$/.test(name), label: 'style and layout' },
];
const OTHER = 'other';

/** Thread of the page's renderer: the CrRendererMain with the most complete events. */
function pageMainThread(events) {
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const sizes = mains.map((main) => events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid).length);
  const main = mains[sizes.indexOf(Math.max(...sizes))];
  return main ? events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid) : [];
}

/** What started `task`: the kind of its first child lasting at least 40% of it, or `other`. */
function kindOf(task, events) {
  const end = task.ts + task.dur;
  for (const event of events) {
    if (event === task || event.ts < task.ts || event.ts + event.dur > end || event.dur < task.dur * 0.4) continue;
    const kind = KINDS.find(({ test }) => test(event.name));
    if (kind) return kind.label;
  }
  return OTHER;
}

/**
 * The blocking time of `trace` (Lighthouse's `artifacts.Trace`) at `slowdown`, by kind of task:
 * `{ total, tasks, byKind: [{ kind, tasks, ms }] }`, largest first, in milliseconds of the simulated phone.
 */
export function blockingTimeByKind(trace, slowdown) {
  const events = trace.traceEvents ?? trace;
  const main = pageMainThread(events);
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint')?.ts ?? 0;
  const byKind = new Map();
  for (const task of main) {
    if (task.name !== 'RunTask' || task.ts < firstPaint) continue;
    const blocking = (task.dur / 1000) * slowdown - 50;
    if (blocking <= 0) continue;
    const kind = kindOf(task, main);
    const entry = byKind.get(kind) ?? { kind, tasks: 0, ms: 0 };
    entry.tasks += 1;
    entry.ms += blocking;
    byKind.set(kind, entry);
  }
  const kinds = [...byKind.values()].sort((a, b) => b.ms - a.ms);
  return {
    total: kinds.reduce((sum, { ms }) => sum + ms, 0),
    tasks: kinds.reduce((sum, { tasks }) => sum + tasks, 0),
    byKind: kinds,
  };
}
