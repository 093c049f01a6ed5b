/** How long after the page's load event the work waits before asking for idle time. */
const SETTLE_MS = 2000;

/** What says a reader is using the page: a pointer or a finger moving, a key, a scroll. */
const ACTIVITY = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll'] as const;

/** Runs `work` when the browser is next idle, or after `timeoutMs` at the latest. */
function whenIdle(work: () => void, timeoutMs: number) {
  const idle =
    (window as { requestIdleCallback?: (fn: () => void, options?: { timeout: number }) => void }).requestIdleCallback ??
    ((fn: () => void) => setTimeout(fn, 1500));
  idle(work, { timeout: timeoutMs });
}

/** Runs `work` once the page has loaded and the browser is idle, so it never competes with the first screen. */
export function whenSettled(work: () => void) {
  const afterLoad = () => setTimeout(() => whenIdle(work, 10_000), SETTLE_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * Runs `work` once the reader has used the page (moved a pointer, touched, typed or scrolled) and the browser is idle:
 * for work that only helps a reader who goes on, such as the next screens' code. A page nobody touches spends nothing
 * on it, and the first screen starts without it.
 */
export function whenReaderActive(work: () => void) {
  const start = () => {
    for (const type of ACTIVITY) window.removeEventListener(type, start, true);
    whenIdle(work, 2000);
  };
  for (const type of ACTIVITY) window.addEventListener(type, start, { capture: true, passive: true });
}
