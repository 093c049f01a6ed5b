import { STORAGE_KEYS } from '../contract';
import type { BearerToken } from '../api/types';

type Key = keyof typeof STORAGE_KEYS;

const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const browserStorage = {
  get: (key: Key) => safe(() => window.localStorage.getItem(STORAGE_KEYS[key]), null),
  set: (key: Key, value: string) => safe(() => window.localStorage.setItem(STORAGE_KEYS[key], value), undefined),
  remove: (key: Key) => safe(() => window.localStorage.removeItem(STORAGE_KEYS[key]), undefined),
};

export function readStoredUser(): BearerToken | null {
  const raw = browserStorage.get('localUser');
  if (!raw) return null;
  const parsed = safe(() => JSON.parse(raw) as Partial<BearerToken>, {});
  return typeof parsed.accessToken === 'string' ? { accessToken: parsed.accessToken, tokenType: 'Bearer' } : null;
}
