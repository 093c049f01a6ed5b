import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useQuery } from './use-query';

const never = new Promise<never>(() => undefined);

/** Suspends for ever on the count 2, so that a blocking update would show the fallback. */
function Count() {
  const { data, isPending, isError, error } = useQuery({ queryKey: ['count'], queryFn: () => Promise.resolve(1) });
  if (isPending) return <p>pending</p>;
  if (isError) return <p>failed: {error.message}</p>;
  if (data === 2) use(never);
  return <p>count {data}</p>;
}

function renderCount(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <Suspense fallback={<p>fallback</p>}>
        <Count />
      </Suspense>
    </QueryClientProvider>,
  );
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

test('a query is pending on its first render, then shows its answer and later ones', async () => {
  const client = newClient();
  renderCount(client);
  expect(screen.getByText('pending')).toBeInTheDocument();
  expect(await screen.findByText('count 1')).toBeInTheDocument();
  act(() => client.setQueryData(['count'], 3));
  expect(await screen.findByText('count 3')).toBeInTheDocument();
});

test('a failed query shows its error', async () => {
  const client = newClient();
  client.setQueryDefaults(['count'], { queryFn: () => Promise.reject(new Error('refused')) });
  render(
    <QueryClientProvider client={client}>
      <FailingCount />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('failed: refused')).toBeInTheDocument();
});

function FailingCount() {
  const { isError, error } = useQuery<number>({ queryKey: ['count'] });
  return <p>{isError ? `failed: ${error.message}` : 'waiting'}</p>;
}

test('an answer re-renders as a transition: a screen that suspends on it keeps what it showed', async () => {
  const client = newClient();
  renderCount(client);
  expect(await screen.findByText('count 1')).toBeInTheDocument();
  // A blocking update (useSyncExternalStore, TanStack's own useQuery) would replace the screen with the fallback.
  await act(async () => {
    client.setQueryData(['count'], 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  expect(screen.getByText('count 1')).toBeInTheDocument();
  expect(screen.queryByText('fallback')).not.toBeInTheDocument();
});
