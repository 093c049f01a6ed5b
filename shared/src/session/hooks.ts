import { useMemo } from 'react';
import { useStore } from 'jotai';
import { createSessionActions } from './actions';

export function useSessionActions() {
  const store = useStore();
  return useMemo(() => createSessionActions(store), [store]);
}
