import { render, screen } from '@testing-library/react';
import { UiProvider } from './provider';
import { Button } from './button';

/** The CSS emotion has put on the page. */
const insertedCss = () =>
  [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')]
    .map((style) => [style.textContent, ...[...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText)].join('\n'))
    .join('\n');

test("the provider adds the theme's reset and token variables, unless the page was served with them", () => {
  const first = render(
    <UiProvider>
      <Button>Save</Button>
    </UiProvider>,
  );
  expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  expect(insertedCss()).toContain('@layer reset');
  expect(insertedCss()).toContain('--chakra-colors-gray-50:');
  first.unmount();

  const served = document.createElement('style');
  served.setAttribute('data-ui-global', '');
  document.head.append(served);
  render(
    <UiProvider>
      <Button>Save</Button>
    </UiProvider>,
  );
  expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  expect(insertedCss()).not.toContain('@layer reset');
  expect(insertedCss()).not.toContain('--chakra-colors-gray-50:');
  // The components' own styles are still inserted as they render.
  expect(insertedCss()).toContain('@layer recipes');
  served.remove();
});
