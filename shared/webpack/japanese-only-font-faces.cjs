// A webpack loader for Noto Sans JP's stylesheet (fontsource): keeps its faces for Japanese only. The font comes
// first in the theme's stack, so that Chromium lays text out again when a face arrives (it did not for a web font
// after the system's); restricted to Japanese, it leaves Latin text to the system's font, and an English page
// downloads none of its files.

/** Where Japanese starts: CJK radicals, kana, ideographs, full-width forms and the rarer planes above. */
const FIRST_JAPANESE = 0x2e80;

/** The part of a `unicode-range` at or above FIRST_JAPANESE, or '' when none is. */
function japaneseRanges(ranges) {
  return ranges
    .split(',')
    .map((range) => range.trim().replace(/^U\+/i, ''))
    .flatMap((range) => {
      const [from, to = from] = range.split('-').map((hex) => parseInt(hex, 16));
      if (to < FIRST_JAPANESE) return [];
      const start = Math.max(from, FIRST_JAPANESE);
      return [start === to ? `U+${start.toString(16)}` : `U+${start.toString(16)}-${to.toString(16)}`];
    })
    .join(',');
}

module.exports = function japaneseOnlyFontFaces(css) {
  return css.replace(/(\/\*[^*]*\*\/\s*)?@font-face\s*{[^}]*}/g, (face) => {
    const ranges = face.match(/unicode-range:\s*([^;]+);/);
    const kept = ranges ? japaneseRanges(ranges[1]) : '';
    return kept ? face.replace(ranges[1], kept) : '';
  });
};

module.exports.japaneseRanges = japaneseRanges;
