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

export function UiProvider({ children }: { children: ReactNode }) {
  const notified = useHasNotified();
  return (
    <ChakraProvider value={uiSystem()}>
      {children}
      {notified ? (
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
      ) : null}
    </ChakraProvider>
  );
}
