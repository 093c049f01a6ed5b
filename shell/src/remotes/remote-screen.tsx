import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from '@kagami/shared/i18n';
import type { RouteEntry } from '@kagami/shared/contract';
import { Box, Button, Center, Heading, Icon, Spinner, Stack, Text } from '@kagami/shared/ui';
import { MENU_ROUTES } from '../layout/menu';
import { loadScreen, preloadAfterFirstScreen, RemoteUnavailableError } from './remote-loader';

type State =
  { status: 'loading' } | { status: 'ready'; Screen: ComponentType } | { status: 'failed'; reason: RemoteUnavailableError['reason'] };

/** Renders a route's screen from its remote; a remote that is down, slow or incompatible shows a fallback in place. */
export function RemoteScreen({ route }: { route: RouteEntry }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    // The screen renders as a transition, in slices that yield, not in one task (a screen of the UI kit's components
    // takes a phone a third of a second).
    loadScreen(route.remote, route.module).then(
      (Screen) => !cancelled && startTransition(() => setState({ status: 'ready', Screen })),
      (error: unknown) =>
        !cancelled && setState({ status: 'failed', reason: error instanceof RemoteUnavailableError ? error.reason : 'unreachable' }),
    );
    return () => {
      cancelled = true;
    };
  }, [route.remote, route.module, attempt]);

  useEffect(() => {
    if (state.status === 'ready') preloadAfterFirstScreen(MENU_ROUTES);
  }, [state.status]);

  if (state.status === 'loading') {
    return (
      <Center minH="240px">
        <Spinner size="lg" color="brand.500" />
      </Center>
    );
  }
  if (state.status === 'failed') return <RemoteFallback reason={state.reason} onRetry={() => setAttempt((n) => n + 1)} />;
  const { Screen } = state;
  return <Screen />;
}

export function RemoteFallback({ reason, onRetry }: { reason: RemoteUnavailableError['reason']; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Center minH="240px" data-testid="remote-fallback">
      <Stack align="center" gap="3" textAlign="center" maxW="md" p="6" bg="white" borderRadius="lg" borderWidth="1px">
        <Box color="orange.500">
          <Icon name="alert" size="lg" />
        </Box>
        <Heading size="md">{t('fallback.title')}</Heading>
        <Text color="gray.600">{t(`fallback.${reason}`)}</Text>
        <Button onClick={onRetry} icon={<Icon name="refresh" size={20} />}>
          {t('fallback.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
