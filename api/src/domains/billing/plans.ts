// The plan catalogue (SPEC §3 Plan): what each plan allows and what it costs. The payment provider sells
// these prices; `scripts/stripe-catalogue.ts` creates them in a Stripe account.

import type { Currency, Interval, ProductType } from '@kagami/shared/api';

export type { Currency, Interval, ProductType };

export type Allowance = {
  avatarSlots: number;
  customAvatarsPerMonth: number;
  videoMinutesPerMonth: number;
  customVoicesPerMonth: number;
  audioMinutesPerMonth: number;
  watermarkRemoval: boolean;
  commercialUse: boolean;
  /** Videos' faces may be made by the install's lip-sync provider (LIPSYNC_ENGINE), which is paid per second. */
  neuralLipSync: boolean;
};

export type Plan = {
  /** Stable name; an alias containing `free` or `business` is significant (SPEC §4). */
  alias: string;
  /** The product's name on payment pages, receipts and the provider's catalogue. */
  name: string;
  productType: ProductType;
  allowance: Allowance;
  /** How many videos of a batch it renders at once. */
  parallelVideos: number;
  /** Sold through Contact sales, not checkout. */
  contactSales?: boolean;
};

/** One price of a plan: the id checkout is called with (`price_id`). Amounts in the currency's smallest unit (JPY has none). */
export type Price = { id: string; alias: string; interval: Interval; currency: Currency; unitAmount: number };

const allowance = (
  avatarSlots: number,
  customAvatarsPerMonth: number,
  videoMinutesPerMonth: number,
  customVoicesPerMonth: number,
  audioMinutesPerMonth: number,
  paid: boolean,
): Allowance => ({
  avatarSlots,
  customAvatarsPerMonth,
  videoMinutesPerMonth,
  customVoicesPerMonth,
  audioMinutesPerMonth,
  watermarkRemoval: paid,
  commercialUse: paid,
  neuralLipSync: paid,
});

export const PLANS: Plan[] = [
  { alias: 'free', name: 'Free', productType: 'app', allowance: allowance(1, 1, 3, 1, 5, false), parallelVideos: 1 },
  { alias: 'creator', name: 'Creator', productType: 'app', allowance: allowance(3, 3, 30, 3, 60, true), parallelVideos: 2 },
  { alias: 'studio', name: 'Studio', productType: 'app', allowance: allowance(10, 10, 120, 10, 240, true), parallelVideos: 4 },
  {
    alias: 'business',
    name: 'Business',
    productType: 'app',
    allowance: allowance(100, 50, 1000, 50, 2000, true),
    parallelVideos: 10,
    contactSales: true,
  },
  { alias: 'api-starter', name: 'API Starter', productType: 'api', allowance: allowance(5, 5, 60, 5, 120, true), parallelVideos: 2 },
  { alias: 'api-scale', name: 'API Scale', productType: 'api', allowance: allowance(50, 25, 600, 25, 1200, true), parallelVideos: 8 },
];

/** Monthly prices; a year costs ten months. */
const MONTHLY: Record<string, Record<Currency, number>> = {
  creator: { usd: 2900, jpy: 4400 },
  studio: { usd: 8900, jpy: 13500 },
  'api-starter': { usd: 4900, jpy: 7400 },
  'api-scale': { usd: 19900, jpy: 30000 },
};

export const PRICES: Price[] = Object.entries(MONTHLY).flatMap(([alias, byCurrency]) =>
  (['month', 'year'] as const).flatMap((interval) =>
    (['usd', 'jpy'] as const).map((currency) => ({
      id: `price_${alias.replace('-', '_')}_${interval}_${currency}`,
      alias,
      interval,
      currency,
      unitAmount: byCurrency[currency] * (interval === 'year' ? 10 : 1),
    })),
  ),
);

export const FREE_PLAN = PLANS.find((plan) => plan.alias === 'free')!;

export const planOf = (alias: string): Plan | undefined => PLANS.find((plan) => plan.alias === alias);
export const priceOf = (id: string): Price | undefined => PRICES.find((price) => price.id === id);
