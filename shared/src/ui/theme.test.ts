import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { uiSystem } from './theme';

// A Chakra component whose recipe is missing from the system renders unstyled, silently. Every
// component the door imports (and the parts they use, such as checkmark or icon) must find its recipe.
const chakraComponents = join(dirname(require.resolve('@chakra-ui/react/package.json')), 'dist', 'esm', 'components');
const uiDir = __dirname;

function componentsImportedByDoor(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(uiDir).filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))) {
    for (const match of readFileSync(join(uiDir, file), 'utf8').matchAll(/from '@chakra-ui\/react\/([a-z-]+)'/g)) {
      if (!['styled-system', 'preset-base', 'theme'].includes(match[1]!)) names.add(match[1]!);
    }
  }
  return [...names];
}

/** Recipe keys a component folder asks for, following its imports of sibling component folders. */
function recipeKeys(component: string, seen = new Set<string>()): string[] {
  if (seen.has(component)) return [];
  seen.add(component);
  const keys: string[] = [];
  for (const file of readdirSync(join(chakraComponents, component)).filter((name) => name.endsWith('.js'))) {
    const source = readFileSync(join(chakraComponents, component, file), 'utf8');
    for (const match of source.matchAll(/key: "([a-zA-Z]+)"/g)) keys.push(match[1]!);
    for (const match of source.matchAll(/from '\.\.\/([a-z-]+)\//g)) keys.push(...recipeKeys(match[1]!, seen));
  }
  return keys;
}

test('the door imports the Chakra components it should', () => {
  expect(componentsImportedByDoor()).toEqual(expect.arrayContaining(['button', 'dialog', 'menu', 'toast', 'field', 'native-select']));
});

test.each(componentsImportedByDoor())('every recipe %s needs is in the system', (component) => {
  const styledByDefault = (key: string) => key in recipes || key in slotRecipes;
  const missing = recipeKeys(component).filter((key) => styledByDefault(key) && !uiSystem().isRecipe(key) && !uiSystem().isSlotRecipe(key));
  expect(missing).toEqual([]);
});

test('for people who ask for less motion, animations and transitions stand still', () => {
  const base = (uiSystem().getGlobalCss() as Record<string, Record<string, object>>)['@layer base']!;
  expect(base['&*, &*::before, &*::after']).toMatchObject({
    '@media (prefers-reduced-motion: reduce)': { animationIterationCount: '1 !important', transitionDuration: '0.01ms !important' },
  });
});
