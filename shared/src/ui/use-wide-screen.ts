import { useSyncExternalStore } from 'react';

/** The theme's `md` breakpoint, where the phone layout gives way to the wide one. */
const WIDE = '(min-width: 768px)';

const wideQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);

function subscribe(onChange: () => void) {
  const query = wideQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the screen is at least the `md` breakpoint wide, kept up to date as it turns or resizes. A part shown on
 * one side of the breakpoint only is rendered there only: hidden by CSS alone, it was still built, and a phone paid a
 * long task for a desktop menu or a plan table it never showed. Where there is no matchMedia (jsdom), wide.
 */
export function useWideScreen() {
  return useSyncExternalStore(subscribe, () => wideQuery()?.matches ?? true);
}
