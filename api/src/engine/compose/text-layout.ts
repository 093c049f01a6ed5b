// Text set in a box: broken into lines where the language allows (between words; in Japanese between characters, but
// never before a closing mark or small kana, nor after an opening one), written right to left where the script is, and
// made smaller until it fits.

/** A measurer of a line's width at the size it was set for (a canvas context with its font set). */
export type Measure = (text: string) => number;

/** A line may not start with these (closing marks, small kana, the prolonged sound mark)... */
const NO_START = new Set([
  ...'、。，．,.・：；:;？！?!ー－）)」』】〕〉》］｝’”ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々…‥ゝゞヽヾ',
]);
/** ...nor end with these (opening marks). */
const NO_END = new Set([...'（(「『【〔〈《［｛‘“']);
/** Right-to-left scripts: Hebrew, Arabic and their supplements. */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

export const isRightToLeft = (text: string) => RTL.test(text);

/**
 * The pieces a line may break between: the language's words, with a piece that may not start a line joined to the one
 * before it and one that may not end a line joined to the one after it.
 */
export function breakUnits(text: string, language: string): string[] {
  const segments = [...new Intl.Segmenter(language, { granularity: 'word' }).segment(text)].map((part) => part.segment);
  const units: string[] = [];
  for (const segment of segments) {
    const previous = units.at(-1);
    if (previous !== undefined && (NO_START.has(segment[0]!) || NO_END.has(previous.at(-1)!) || /^\s+$/u.test(segment))) {
      units[units.length - 1] = previous + segment;
    } else {
      units.push(segment);
    }
  }
  return units;
}

/** The text's lines at most `width` wide; each of its own lines (`\n`) starts a new one, a word wider than the box is cut. */
export function wrapText(text: string, width: number, measure: Measure, language: string): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const unit of breakUnits(paragraph.trim(), language)) {
      const joined = line + unit;
      if (!line || measure(joined.trimEnd()) <= width) {
        line = joined;
      } else {
        lines.push(line.trimEnd());
        line = unit.trimStart();
      }
      // A single piece wider than the box is cut between characters.
      while (measure(line.trimEnd()) > width && [...line].length > 1) {
        const chars = [...line];
        let fit = chars.length - 1;
        while (fit > 1 && measure(chars.slice(0, fit).join('')) > width) fit -= 1;
        lines.push(chars.slice(0, fit).join(''));
        line = chars.slice(fit).join('');
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Line height as a multiple of the font's size. */
export const LINE_HEIGHT = 1.25;

/**
 * The largest size from `size` down to half of it at which the text, wrapped to `box.width`, fits `box.height`
 * (at the smallest, what overflows is left to the box's edge); its lines at that size.
 */
export function fitText(
  text: string,
  box: { width: number; height: number },
  size: number,
  measureAt: (size: number) => Measure,
  language: string,
): { size: number; lines: string[] } {
  const smallest = size / 2;
  let current = size;
  for (;;) {
    const lines = wrapText(text, box.width, measureAt(current), language);
    if (lines.length * current * LINE_HEIGHT <= box.height || current * 0.92 < smallest) return { size: current, lines };
    current *= 0.92;
  }
}
