import { useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from '@kagami/shared/router';
import { useAtomValue } from 'jotai';
import { useTranslation } from '@kagami/shared/i18n';
import { browserStorage, profileAtom, sessionStatusAtom, useSessionActions } from '@kagami/shared/session';
import { Button, Center, Heading, Spinner, Stack, Text } from '@kagami/shared/ui';
import { decideNavigation, type Decision } from './decide-navigation';

function applyEffects(decision: Decision) {
  if (decision.storeInvitationCode) browserStorage.set('invitationCode', decision.storeInvitationCode);
  if (decision.rememberDestination) browserStorage.set('intendedDestination', decision.rememberDestination);
  if (decision.clearDestination) browserStorage.remove('intendedDestination');
}

/**
 * Restores the session once (unless the start already did), then runs the route guard on every navigation and session change.
 * The decision is made while rendering, so a screen the user may not see is never mounted.
 */
export function Root() {
  const { t } = useTranslation('shell');
  const actions = useSessionActions();
  const status = useAtomValue(sessionStatusAtom);
  const profile = useAtomValue(profileAtom);
  const location = useLocation();
  const navigate = useNavigate();
  /** The history entry the first decision was made on: decisions there count as the first navigation. */
  const firstEntry = useRef<string | null>(null);

  // The start asks for the session before the first render (first-screen.ts); an app started otherwise asks here.
  const restoreStarted = status !== 'unknown';
  useEffect(() => {
    if (!restoreStarted) void actions.restore();
  }, [actions, restoreStarted]);

  const settled = status === 'signedIn' || status === 'anonymous';
  const decision = useMemo(() => {
    if (!settled) return null;
    const isFirst = firstEntry.current === null || firstEntry.current === location.key;
    return decideNavigation(
      { signedIn: status === 'signedIn', profile, intendedDestination: browserStorage.get('intendedDestination') },
      location,
      isFirst,
    );
  }, [settled, status, profile, location]);

  useEffect(() => {
    if (!decision) return;
    firstEntry.current ??= location.key;
    applyEffects(decision);
    if (!decision.redirect) return;
    const go = () => navigate(decision.redirect!, { replace: true });
    if (!decision.delayMs) {
      go();
      return;
    }
    const timer = setTimeout(go, decision.delayMs);
    return () => clearTimeout(timer);
  }, [decision, location.key, navigate]);

  // A new screen starts at the top; the page's first screen already does (and scrolling cost a phone a long task).
  const scrolledFor = useRef(location.pathname);
  useEffect(() => {
    if (scrolledFor.current === location.pathname) return;
    scrolledFor.current = location.pathname;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [location.pathname]);

  if (status === 'unreachable') {
    return (
      <Center minH="100vh" px="4">
        <Stack align="center" gap="4" maxW="md" textAlign="center" role="alert">
          <Heading size="md">{t('session.unreachableTitle')}</Heading>
          <Text color="gray.600">{t('session.unreachable')}</Text>
          <Button onClick={() => void actions.restore()}>{t('session.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  if (!decision || decision.redirect) {
    return (
      <Center minH="100vh">
        {/* As the page's first paint shows it (shared/webpack/index.html), so the start looks like one view. */}
        <Stack align="center" gap="3">
          <Text fontSize="2xl" fontWeight="semibold" color="brand.700">
            {t('brand')}
          </Text>
          <Spinner size="xl" color="brand.500" />
          {status === 'verifying' ? <Text color="gray.600">{t('session.restoring')}</Text> : null}
        </Stack>
      </Center>
    );
  }
  return <Outlet />;
}
