import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Teal primary, pale mint secondary, danger red; a sans-serif that renders Japanese (Noto Sans JP, shipped as a package). */
const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Noto Sans JP Variable', 'Hiragino Sans', 'Yu Gothic', system-ui, sans-serif" },
        body: { value: "'Noto Sans JP Variable', 'Hiragino Sans', 'Yu Gothic', system-ui, sans-serif" },
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
          solid: { value: '{colors.brand.600}' },
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

export const system = createSystem(defaultConfig, config);
