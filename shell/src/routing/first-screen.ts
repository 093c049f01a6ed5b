import type { createStore } from 'jotai';
import { findRoute } from '@kagami/shared/contract';
import { createSessionActions, readStoredUser } from '@kagami/shared/session';
import { loadMainLayout } from '../layout/load-main-layout';
import { warmScreen } from '../remotes/remote-loader';

/**
 * Asks at once for everything the first screen needs: the session's check, the signed-in frame and the route's remote
 * screen. Left to the screens, each waited for the one before it to render (session, then frame, then the remote's
 * manifest, entry and screen), a round trip apiece on a phone's connection.
 */
export function startFirstScreen(store: ReturnType<typeof createStore>, pathname: string) {
  const signedIn = readStoredUser() !== null;
  void createSessionActions(store).restore();
  const route = findRoute(pathname);
  if (!route || (route.layout === 'main' && !signedIn)) return;
  warmScreen(route.remote, route.module);
  if (route.layout === 'main') loadMainLayout().catch(() => undefined);
}
