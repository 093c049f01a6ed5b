import type { Currency } from './types';
import { numberFormat } from '../i18n/formats';

export type PlanClass = 'free' | 'business' | 'paid';

/** SPEC §4, §6: a plan is classed free or business from its alias; no alias reads as Free. */
export const planClass = (alias: string | undefined | null): PlanClass =>
  !alias || alias.includes('free') ? 'free' : alias.includes('business') ? 'business' : 'paid';

/** A price in its currency's smallest unit (cents; yen have none), written as the reader's language writes money. */
export function formatPrice(unitAmount: number, currency: Currency, language: string) {
  const amount = currency === 'jpy' ? unitAmount : unitAmount / 100;
  return numberFormat(language === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    maximumFractionDigits: currency === 'jpy' || Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}
