/**
 * Where a Lighthouse run's Total Blocking Time comes from, read off its trace with Lighthouse's own trace processing
 * (the page's main thread and its tasks, as its metrics see them). The simulated phone stretches every main-thread task
 * by the CPU slowdown, and a task blocks for what it lasts beyond 50 ms; so at 5.7x every task longer than 8.8 ms on
 * the host counts. Each such task after the first contentful paint is put under what started it. It counts to the
 * trace's end, where Lighthouse stops at Time to Interactive, so its total can exceed the reported TBT (seen: 2,686
 * against 2,670 ms, 3,815 against 3,330): it is for the shares, not the score.
 */
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/** The trace event that starts a task, and the name it is reported under. */
const KINDS = [
  { test: (name) => name === 'EvaluateScript', label: 'script evaluation' },
  { test: (name) => name === 'TimerFire', label: 'timers (setTimeout)' },
  { test: (name) => name === 'FunctionCall' || name === 'v8.callFunction', label: "callbacks (React's scheduler, events)" },
  { test: (name) => name === 'RunMicrotasks', label: 'promise callbacks' },
  { test: (name) => /^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|Commit)$/.test(name), label: 'style and layout' },
];
const OTHER = 'other';

/** What started `task`: down its longest children, the first known event lasting at least 40% of it, or `other`. */
function kindOf(task) {
  for (let node = task; node && node.duration >= task.duration * 0.4;) {
    const kind = KINDS.find(({ test }) => test(node.event.name));
    if (kind) return kind.label;
    node = node.children.reduce((longest, child) => (child.duration > (longest?.duration ?? -1) ? child : longest), undefined);
  }
  return OTHER;
}

/**
 * The blocking time of `trace` (Lighthouse's `artifacts.Trace`) at `slowdown`, by kind of task:
 * `{ total, tasks, byKind: [{ kind, tasks, ms }] }`, largest first, in milliseconds of the simulated phone.
 */
export function blockingTimeByKind(trace, slowdown) {
  const processed = TraceProcessor.processTrace(trace);
  const { timings } = TraceProcessor.processNavigation(processed);
  const { mainThreadEvents, frames, timestamps } = processed;
  const topLevel = MainThreadTasks.getMainThreadTasks(mainThreadEvents, frames, timestamps.traceEnd, timestamps.timeOrigin).filter(
    (task) => !task.parent && task.startTime >= timings.firstContentfulPaint,
  );
  const byKind = new Map();
  for (const task of topLevel) {
    const blocking = task.duration * slowdown - 50;
    if (blocking <= 0) continue;
    const kind = kindOf(task);
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
