// Compares two folders of screenshots pixel by pixel (made by the screens e2e spec with
// KAGAMI_SCREENSHOTS=dir): `node scripts/compare-screenshots.mjs before/ after/`. Exits 1 when any differ.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { requireChromium } from './lib/chromium.mjs';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node scripts/compare-screenshots.mjs <before-dir> <after-dir>');
  process.exit(2);
}

const browser = await chromium.launch({ executablePath: requireChromium(), args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
let differing = 0;
try {
  for (const name of readdirSync(before)
    .filter((file) => file.endsWith('.png'))
    .sort()) {
    let other;
    try {
      other = readFileSync(join(after, name));
    } catch {
      console.log(`✗ ${name}: missing in ${after}`);
      differing += 1;
      continue;
    }
    const result = await page.evaluate(diffImages, [readFileSync(join(before, name)).toString('base64'), other.toString('base64')]);
    if (result.sameSize && result.changed === 0) {
      console.log(`✓ ${name}`);
    } else {
      differing += 1;
      console.log(
        `✗ ${name}: ${result.sameSize ? `${result.changed} of ${result.total} pixels differ` : `size ${result.sizes[0]} -> ${result.sizes[1]}`}`,
      );
    }
  }
} finally {
  await browser.close();
}
console.log(differing === 0 ? 'All screenshots are identical.' : `${differing} screenshot(s) differ.`);
process.exit(differing === 0 ? 0 : 1);

/** Runs in the page: decodes both PNGs on canvases and counts the pixels that differ. */
async function diffImages([a, b]) {
  const decode = async (base64) => {
    const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
  };
  const [x, y] = await Promise.all([decode(a), decode(b)]);
  const sizes = [`${x.width}x${x.height}`, `${y.width}x${y.height}`];
  if (sizes[0] !== sizes[1]) return { sameSize: false, sizes };
  let changed = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2] || x.data[i + 3] !== y.data[i + 3])
      changed += 1;
  }
  return { sameSize: true, changed, total: x.width * x.height, sizes };
}
