import { dateTimeFormat } from '@kagami/shared/i18n';

/** A day as the reader's language writes it ("December 20, 2026", "2026年12月20日"). */
export const formatDate = (iso: string, language: string) =>
  dateTimeFormat(language === 'ja' ? 'ja-JP' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
