// Answers of the billing calls as the API sends them (snake_case), for the screens' tests.
const allowance = (slots: number, avatars: number, video: number, voices: number, audio: number, paid: boolean) => ({
  avatar_slots: slots,
  custom_avatars_per_month: avatars,
  video_minutes_per_month: video,
  custom_voices_per_month: voices,
  audio_minutes_per_month: audio,
  watermark_removal: paid,
  commercial_use: paid,
});

const prices = (alias: string, usd: number, jpy: number) =>
  (['month', 'year'] as const).flatMap((interval) =>
    (['usd', 'jpy'] as const).map((currency) => ({
      id: `price_${alias}_${interval}_${currency}`,
      interval,
      currency,
      unit_amount: (currency === 'usd' ? usd : jpy) * (interval === 'year' ? 10 : 1),
    })),
  );

export const APP_PLANS = {
  plans: [
    { alias: 'free', product_type: 'app', contact_sales: false, ...allowance(1, 1, 3, 1, 5, false), prices: [] },
    {
      alias: 'creator',
      product_type: 'app',
      contact_sales: false,
      ...allowance(3, 3, 30, 3, 60, true),
      prices: prices('creator', 2900, 4400),
    },
    { alias: 'business', product_type: 'app', contact_sales: true, ...allowance(100, 50, 1000, 50, 2000, true), prices: [] },
  ],
};

export const quotaJson = {
  quota: {
    plan: 'free',
    video_minutes: { used: 1.5, total: 3, unit: 'mins' },
    audio_minutes: { used: 0, total: 5, unit: 'mins' },
    custom_avatars: { used: 1, total: 1, unit: 'count' },
    custom_voices: { used: 0, total: 1, unit: 'count' },
    avatar_slots: { used: 1, total: 1, unit: 'count' },
    next_renewal_date: '2026-12-20T00:00:00.000Z',
    owner_is_you: true,
  },
};

export const subscriptionJson = (alias: string, currency: 'usd' | 'jpy' | null = null, interval: 'month' | 'year' | null = null) => ({
  subscription: {
    plan: { alias, product_type: 'app', price_id: currency ? `price_${alias}_${interval}_${currency}` : null, interval, currency },
    status: 'active',
    current_period_start: currency ? '2026-11-20T00:00:00.000Z' : null,
    current_period_end: currency ? '2027-11-20T00:00:00.000Z' : null,
    cancel_at_period_end: false,
  },
});
