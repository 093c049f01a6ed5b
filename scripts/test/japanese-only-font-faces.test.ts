import { createRequire } from 'node:module';

const require = createRequire(__filename);
const japaneseOnly = require('../../shared/webpack/japanese-only-font-faces.cjs') as ((css: string) => string) & {
  japaneseRanges: (ranges: string) => string;
};

const face = (file: string, ranges: string) =>
  `/* ${file} */\n@font-face {\n  font-family: 'Noto Sans JP Variable';\n  src: url(./files/${file}.woff2) format('woff2-variations');\n  unicode-range: ${ranges};\n}\n`;

test('a range keeps only its Japanese part: from U+2E80 up, a range across the line clipped to it', () => {
  expect(japaneseOnly.japaneseRanges('U+21-22,U+2026,U+3000,U+2e00-2fff,U+4e00-9fff')).toBe('U+3000,U+2e80-2fff,U+4e00-9fff');
  expect(japaneseOnly.japaneseRanges('U+0000-00FF, U+0131')).toBe('');
});

test('faces for Latin, Cyrillic or Vietnamese go; a Japanese face keeps its Japanese ranges', () => {
  const css = face('latin', 'U+0000-00FF,U+2000-206F') + face('118', 'U+21-22,U+41-4d,U+65e5,U+6708') + face('cyrillic', 'U+0400-045F');
  const kept = japaneseOnly(css);
  expect(kept).not.toContain('latin');
  expect(kept).not.toContain('cyrillic');
  expect(kept).toContain('/* 118 */');
  expect(kept).toContain('unicode-range: U+65e5,U+6708;');
});
