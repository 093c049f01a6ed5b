import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { uiSystem } from './theme';
import { toaster } from './notify';

// The toast machinery is loaded with the first notification, not with the first page.
const Notifications = lazy(() => import('./notification'));

function useHasNotified() {
  const [notified, setNotified] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (notified) return;
    return toaster.subscribe(() => setNotified(true));
  }, [notified]);
  return notified;
}

/**
 * The theme as the provider hands it to Chakra. A page built by shared/webpack carries the theme's global styles,
 * made at build time (`<style data-ui-global>`, shared/webpack/theme-global-styles.cjs): then Chakra is given none to
 * add, and they are never built at run time. Anywhere else (tests, a page without them) Chakra adds them as usual.
 */
function providedSystem(): ReturnType<typeof uiSystem> {
  const system = uiSystem();
  if (document.querySelector('style[data-ui-global]') === null) return system;
  return Object.create(system, { _global: { value: [] }, _config: { value: { ...system._config, disableLayers: true } } });
}

export function UiProvider({ children }: { children: ReactNode }) {
  const notified = useHasNotified();
  const [system] = useState(providedSystem);
  return (
    <ChakraProvider value={system}>
      {children}
      {notified ? (
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
      ) : null}
    </ChakraProvider>
  );
}
