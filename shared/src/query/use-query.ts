import { startTransition, useEffect, useReducer, useState } from 'react';
import {
  QueryObserver,
  notifyManager,
  useQueryClient,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

const bump = (count: number) => count + 1;

/**
 * TanStack Query's `useQuery`, except that an answer re-renders its screen as a transition: in slices that yield to
 * the browser and to the reader's input. TanStack's own hook subscribes with `useSyncExternalStore`, whose updates
 * React always renders in one blocking task; when the Create a video screen's data came in, that task took a third of
 * a second on a phone. The result is read as TanStack reads it (the observer's optimistic result, with its props
 * tracked); only the way a change re-renders differs. Suspense, `throwOnError` and `subscribed: false` are not used in
 * this product and not supported here.
 */
export function useQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(() => new QueryObserver<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>(client, defaulted));
  const result = observer.getOptimisticResult(defaulted);
  const [, rerender] = useReducer(bump, 0);

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);

  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(rerender)));
    // An answer that came between the render and this subscription.
    observer.updateResult();
    return unsubscribe;
  }, [observer]);

  return observer.trackResult(result) as UseQueryResult<TData, TError>;
}
