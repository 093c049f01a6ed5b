// The fonts text elements are drawn in: the product's (Noto Sans JP, which writes Latin and Japanese, with DejaVu Sans
// for Arabic and what else it lacks) or a team's brand fonts, each registered with the canvas once under a name of its own.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

const NOTO = dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json'));
const DEJAVU = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** The families a text element names: its own first, then the fallbacks for scripts it does not write. */
export type FontPair = { heading: string; body: string };

const registered = new Map<string, string>();

/** The canvas family of a font file, registered on first use (a file that is not a font is refused). */
export function familyOf(file: string): string {
  const known = registered.get(file);
  if (known) return known;
  const family = `kagami-${createHash('sha1').update(file).digest('hex').slice(0, 12)}`;
  if (!GlobalFonts.registerFromPath(file, family)) throw new Error(`not a font: ${file}`);
  registered.set(file, family);
  return family;
}

/** Headings are set bold, body text regular; the fallbacks follow, so an Arabic title is bold too. */
export type Weight = 'bold' | 'regular';

const FALLBACK = (weight: Weight) =>
  weight === 'bold'
    ? [familyOf(join(NOTO, '700Bold', 'NotoSansJP_700Bold.ttf')), familyOf(join(DEJAVU, 'DejaVuSans-Bold.ttf'))]
    : [familyOf(join(NOTO, '500Medium', 'NotoSansJP_500Medium.ttf')), familyOf(join(DEJAVU, 'DejaVuSans.ttf'))];

/** The product's own: a bold heading and a medium body. */
export const defaultFonts = (): FontPair => ({
  heading: familyOf(join(NOTO, '700Bold', 'NotoSansJP_700Bold.ttf')),
  body: familyOf(join(NOTO, '500Medium', 'NotoSansJP_500Medium.ttf')),
});

/** Font files (a brand's heading and body; absent: the product's) as the families text is drawn in. */
export function fontsOf(files: { heading?: string | null; body?: string | null } = {}): FontPair {
  const fallback = defaultFonts();
  return {
    heading: files.heading ? familyOf(files.heading) : fallback.heading,
    body: files.body ? familyOf(files.body) : fallback.body,
  };
}

/** A canvas `font` of `family` at `size` pixels, falling back to the product's fonts (of `weight`) for what the family does not write. */
export const cssFont = (family: string, size: number, weight: Weight = 'regular') =>
  `${Math.round(size)}px ${[family, ...FALLBACK(weight).filter((name) => name !== family)].map((name) => `"${name}"`).join(', ')}`;

/** The first bytes of the font files drawn with: TrueType, OpenType (CFF), a TrueType collection, WOFF2. */
const FONT_SIGNATURES = ['00010000', '4f54544f', '74727565', '74746366', '774f4632'];

/** Whether a file is a font the canvas can draw with: its signature, then the canvas reading it. */
export async function checkFont(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(4);
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  if (!FONT_SIGNATURES.includes(head.toString('hex'))) return false;
  const key = GlobalFonts.registerFromPath(file, 'kagami-font-check');
  if (!key) return false;
  GlobalFonts.remove(key);
  return true;
}
