import { waitFor } from '@testing-library/react';
import { createI18n, setLanguage } from '@kagami/shared/i18n';

const mockFacesLoaded = jest.fn();
jest.mock('./japanese-font-faces', () => {
  mockFacesLoaded();
  return {};
});

async function freshModule() {
  jest.resetModules();
  mockFacesLoaded.mockClear();
  return import('./japanese-font');
}

test('a Japanese page loads the font’s faces at once', async () => {
  const { loadJapaneseFont } = await freshModule();
  loadJapaneseFont(createI18n('ja'));
  await waitFor(() => expect(mockFacesLoaded).toHaveBeenCalledTimes(1));
});

test('an English page does not wait for them, and loads them once when the reader switches to Japanese', async () => {
  const { loadJapaneseFont } = await freshModule();
  const i18n = createI18n('en');
  loadJapaneseFont(i18n);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(mockFacesLoaded).not.toHaveBeenCalled();
  await setLanguage(i18n, 'ja');
  await setLanguage(i18n, 'en');
  await setLanguage(i18n, 'ja');
  await waitFor(() => expect(mockFacesLoaded).toHaveBeenCalledTimes(1));
});
