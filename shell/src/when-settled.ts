/** How long after the page's load event the work waits before asking for idle time. */
const SETTLE_MS = 2000;

/** Runs `work` once the page has loaded and the browser is idle, so it never competes with the first screen. */
export function whenSettled(work: () => void) {
  const idle =
    (window as { requestIdleCallback?: (fn: () => void, options?: { timeout: number }) => void }).requestIdleCallback ??
    ((fn: () => void) => setTimeout(fn, 1500));
  const afterLoad = () => setTimeout(() => idle(work, { timeout: 10_000 }), SETTLE_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
