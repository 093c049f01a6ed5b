import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  CONTRACT_MODULE,
  CONTRACT_VERSION,
  contractMajor,
  REMOTES,
  type RemoteKey,
  type RouteEntry,
  type RuntimeConfig,
} from '@kagami/shared/contract';
import type { ComponentType } from 'react';
import { whenReaderActive } from '../when-settled';

export const LOAD_TIMEOUT_MS = 10_000;
export const LOAD_ATTEMPTS = 2;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteKey,
    readonly reason: 'not_configured' | 'unreachable' | 'incompatible',
  ) {
    super(`${REMOTES[remote]} ${reason}`);
  }
}

let configured: RuntimeConfig['remotes'] = {};

const remoteList = (remotes: RuntimeConfig['remotes']) =>
  Object.entries(remotes).map(([name, entry]) => ({ name, entry: entry as string }));

export function registerConfiguredRemotes(remotes: RuntimeConfig['remotes']) {
  configured = remotes;
  registerRemotes(remoteList(remotes));
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/**
 * The remote's contract and the screen, asked for together (a round trip less); the screen is used only when the
 * contract's major is ours, and a remote of another major is reported as such even when it lacks the screen.
 */
async function loadOnce(remote: RemoteKey, module: string) {
  const name = REMOTES[remote];
  const [contract, loaded] = await withTimeout(
    Promise.allSettled([
      loadRemote<{ contractVersion: string }>(`${name}/${CONTRACT_MODULE}`),
      loadRemote<{ default: ComponentType }>(`${name}/${module}`),
    ]),
    LOAD_TIMEOUT_MS,
  );
  if (contract.status === 'rejected') throw contract.reason;
  if (!contract.value || contractMajor(contract.value.contractVersion) !== contractMajor(CONTRACT_VERSION)) {
    throw new RemoteUnavailableError(remote, 'incompatible');
  }
  if (loaded.status === 'rejected') throw loaded.reason;
  if (!loaded.value?.default) throw new RemoteUnavailableError(remote, 'unreachable');
  return loaded.value.default;
}

/** Screens asked for before anything rendered them (`warmScreen`), handed to the first `loadScreen` of each. */
const warming = new Map<string, Promise<ComponentType>>();

/**
 * Starts loading a screen that is about to be shown, so its files arrive while the rest of the page is still being
 * set up; the next `loadScreen` of it takes this load over, still under way or done.
 */
export function warmScreen(remote: RemoteKey, module: string) {
  const key = `${remote}/${module}`;
  if (warming.has(key)) return;
  const loading = fetchScreen(remote, module);
  warming.set(key, loading);
  // A failed warm-up is forgotten, so a later visit loads afresh.
  loading.catch(() => warming.get(key) === loading && warming.delete(key));
}

/**
 * Loads one exposed screen: checks the remote's contract major, retries once (re-registering
 * the remote so a failed manifest is fetched again), and otherwise rejects with why.
 */
export function loadScreen(remote: RemoteKey, module: string): Promise<ComponentType> {
  const key = `${remote}/${module}`;
  const warmed = warming.get(key);
  if (!warmed) return fetchScreen(remote, module);
  warming.delete(key);
  return warmed;
}

async function fetchScreen(remote: RemoteKey, module: string): Promise<ComponentType> {
  const name = REMOTES[remote];
  const entry = configured[name];
  if (!entry) throw new RemoteUnavailableError(remote, 'not_configured');
  let lastError: unknown;
  for (let attempt = 1; attempt <= LOAD_ATTEMPTS; attempt += 1) {
    try {
      return await loadOnce(remote, module);
    } catch (error) {
      lastError = error;
      if (error instanceof RemoteUnavailableError) throw error;
      registerRemotes([{ name, entry }], { force: true });
      if (attempt < LOAD_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
  console.warn(`Remote ${name} could not be loaded`, lastError);
  throw new RemoteUnavailableError(remote, 'unreachable');
}

let preloadArmed = false;

type Connection = { saveData?: boolean; effectiveType?: string };

/** A reader who asked to save data, or on a 2G or 3G connection, is not sent screens they have not asked for. */
function onSlowConnection() {
  const connection = (navigator as { connection?: Connection }).connection;
  return Boolean(connection?.saveData) || /(^|-)(2g|3g)$/.test(connection?.effectiveType ?? '');
}

/**
 * Once the first screen has rendered and the reader starts using the page, warms every configured remote and the
 * screens the menu reaches, so the next screen opens at once; not on a slow or data-saving connection. Arming it
 * earlier made the first page wait for remotes it does not show, and on a phone even an idle-time preload still ran
 * while the first screen was starting.
 */
export function preloadAfterFirstScreen(menuRoutes: readonly Pick<RouteEntry, 'remote' | 'module'>[]) {
  if (preloadArmed || onSlowConnection()) return;
  preloadArmed = true;
  whenReaderActive(() => {
    for (const name of Object.keys(configured)) {
      loadRemote(`${name}/${CONTRACT_MODULE}`).catch(() => undefined);
    }
    for (const route of menuRoutes) {
      if (configured[REMOTES[route.remote]]) loadRemote(`${REMOTES[route.remote]}/${route.module}`).catch(() => undefined);
    }
  });
}
