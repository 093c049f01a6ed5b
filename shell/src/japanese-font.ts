import type { I18n } from '@kagami/shared/i18n';
import { whenSettled } from './when-settled';

let requested: Promise<unknown> | undefined;

/** Noto Sans JP's faces: a stylesheet of Japanese character ranges (a page then downloads the files its text needs). */
const loadJapaneseFontFaces = () => (requested ??= import('./japanese-font-faces'));

/**
 * A Japanese page asks for the font's faces at once; any other once it is idle (for Japanese names and scripts it may
 * show), or when the reader switches to Japanese.
 */
export function loadJapaneseFont(i18n: I18n) {
  if (i18n.language === 'ja') {
    void loadJapaneseFontFaces();
    return;
  }
  whenSettled(() => void loadJapaneseFontFaces());
  i18n.on('languageChanged', (language: string) => language === 'ja' && void loadJapaneseFontFaces());
}
