import type { Currency } from '@kagami/shared/api';

/** A price in the currency's smallest unit (cents; yen have none), written as the reader's language writes money. */
export function formatPrice(unitAmount: number, currency: Currency, language: string) {
  const amount = currency === 'jpy' ? unitAmount : unitAmount / 100;
  return new Intl.NumberFormat(language === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    maximumFractionDigits: currency === 'jpy' || Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

export const formatDate = (iso: string, language: string) =>
  new Date(iso).toLocaleDateString(language === 'ja' ? 'ja-JP' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric' });
