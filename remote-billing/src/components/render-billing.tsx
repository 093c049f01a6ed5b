import type { ReactElement } from 'react';
import { renderApp, signedInStore, type RenderAppOptions } from '@kagami/shared/testing';
import { quotaAtom, subscriptionAtom } from '@kagami/shared/session';
import type { Profile, Quota, Subscription } from '@kagami/shared/api';
import { billingResources } from './use-billing-translation';

type Options = Pick<RenderAppOptions, 'route' | 'language'> & {
  profile?: Partial<Profile>;
  subscription?: Subscription | null;
  quota?: Quota | null;
};

/** Renders a billing screen for a signed-in user who owns their current team, on the plan and quota given. */
export function renderBilling(ui: ReactElement, { profile, subscription = null, quota = null, ...options }: Options = {}) {
  const { store, team } = signedInStore({ profile });
  store.set(subscriptionAtom, subscription);
  store.set(quotaAtom, quota);
  return { ...renderApp(ui, { store, namespaces: { billing: billingResources }, ...options }), team };
}
