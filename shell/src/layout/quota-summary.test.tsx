import { createStore } from 'jotai';
import { renderApp, screen } from '@kagami/shared/testing';
import { quotaAtom } from '@kagami/shared/session';
import en from '../locales/en/shell.json';
import ja from '../locales/ja/shell.json';
import { QuotaSummary } from './quota-summary';

const quota = (used: number, plan = 'free') => ({
  plan,
  videoMinutes: { used, total: 3, unit: 'mins' as const },
  nextRenewalDate: '2026-12-20T00:00:00.000Z',
});

test('the menu shows the video minutes used, the renewal date and the way to more', () => {
  const store = createStore();
  store.set(quotaAtom, quota(1.5));
  renderApp(<QuotaSummary />, { store, namespaces: { shell: { en, ja } } });
  const summary = screen.getByTestId('quota-summary');
  expect(summary).toHaveTextContent('Video minutes1.5 / 3 min');
  expect(summary).toHaveTextContent('Renews Dec 20');
  expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
});

test('a paid plan links to the plans; without a quota nothing shows', () => {
  const store = createStore();
  store.set(quotaAtom, quota(3, 'creator'));
  const { unmount } = renderApp(<QuotaSummary />, { store, language: 'ja', namespaces: { shell: { en, ja } } });
  expect(screen.getByTestId('quota-summary')).toHaveTextContent('3 / 3 分');
  expect(screen.getByRole('link', { name: 'プラン' })).toBeInTheDocument();
  unmount();
  renderApp(<QuotaSummary />, { namespaces: { shell: { en, ja } } });
  expect(screen.queryByTestId('quota-summary')).not.toBeInTheDocument();
});
