import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem, defineConfig } from '@chakra-ui/react/styled-system';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  pinInputSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the recipes of the components Kagami uses (the Bundle Optimization
 * guide): every component exported from this door needs its recipe here, or it renders unstyled.
 * theme.test.ts checks that against the components themselves.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // Spinners, indeterminate bars and transitions stand still for people who ask for less motion (and cost a
    // machine without a GPU nothing while a long job runs).
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      pinInput: pinInputSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * Noto Sans JP (the shell's web font, its faces kept to Japanese characters by shared/webpack/japanese-only-font-faces.cjs),
 * then the system's fonts: Japanese looks the same everywhere, and Latin text is the system's, so an English page
 * downloads no font.
 */
const FONTS =
  "'Noto Sans JP Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic UI', Meiryo, sans-serif";

/** Teal primary, pale mint secondary, danger red; Japanese in Noto Sans JP, Latin in the system's font (FONTS). */
const kagamiTheme = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: FONTS },
        body: { value: FONTS },
      },
      colors: {
        brand: {
          50: { value: '#e6f7f5' },
          100: { value: '#c2ece6' },
          200: { value: '#9bdfd6' },
          300: { value: '#6fd0c4' },
          400: { value: '#41bfb1' },
          500: { value: '#14a89a' },
          600: { value: '#0f8b80' },
          700: { value: '#0b6e66' },
          800: { value: '#07524c' },
          900: { value: '#043733' },
          950: { value: '#022421' },
        },
        mint: { value: '#e3f6f1' },
        red: { 600: { value: '#d92d20' } },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        secondary: { value: '{colors.mint}' },
        danger: { value: '{colors.red.600}' },
      },
    },
  },
  globalCss: {
    'html, body': { fontFamily: 'body', bg: 'gray.50' },
  },
});

/**
 * A data table marked `data-stacked` shows, below the `md` breakpoint, each row as a card and each cell as a line led
 * by its column's name (the cell's `data-label`; the first cell, the row's name, is the card's title), so no column
 * is ever off a phone's screen. The column headers stay for screen readers only.
 */
const stackedTables = defineConfig({
  theme: {
    slotRecipes: {
      table: {
        slots: tableSlotRecipe.slots,
        base: {
          root: {
            '&[data-stacked]': {
              mdDown: {
                display: 'block',
                '& thead': {
                  display: 'block',
                  position: 'absolute',
                  width: '1px',
                  height: '1px',
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                  whiteSpace: 'nowrap',
                },
                '& tbody, & tr': { display: 'block' },
                '& tbody tr': { borderBottomWidth: '1px', py: '2' },
                '& tbody tr:last-of-type': { borderBottomWidth: '0' },
                '& td, & tbody th': {
                  display: 'flex',
                  flexWrap: 'wrap',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  gap: '2',
                  borderBottomWidth: '0',
                  py: '1',
                  textAlign: 'end',
                  overflowWrap: 'anywhere',
                },
                '& td[data-label]::before': {
                  content: 'attr(data-label)',
                  fontFamily: 'body',
                  fontSize: 'sm',
                  color: 'gray.600',
                  fontWeight: 'medium',
                  textAlign: 'start',
                },
                '& td:first-of-type': { display: 'block', textAlign: 'start', fontWeight: 'semibold' },
                '& td:not([data-label]):not(:first-of-type)': { justifyContent: 'flex-end' },
              },
            },
          },
        },
      },
    },
  },
});

let system: ReturnType<typeof createSystem> | undefined;

/**
 * The theme's system, built on first use rather than when the module loads: building it is one of the largest pieces of
 * a first load's work, so the start can give it a task of its own.
 */
export const uiSystem = () => (system ??= createSystem(defaultBaseConfig, chakraTheme, kagamiTheme, stackedTables));
