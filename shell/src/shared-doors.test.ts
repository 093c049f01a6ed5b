import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// A door the shell never imports would be provided by whichever remote loads first, with that remote's
// own copy of the libraries inside it (a second React context for i18n, queries, Chakra…).
const NOT_DOORS = new Set(['./testing', './harness', './webpack', './jest', './locales/*']);
const sharedPackage = JSON.parse(readFileSync(join(__dirname, '../../shared/package.json'), 'utf8')) as {
  exports: Record<string, string>;
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

test('the shell imports every door of @kagami/shared, so the doors every remote uses are the shell’s', () => {
  const shellCode = sources(__dirname)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const doors = Object.keys(sharedPackage.exports).filter((door) => !NOT_DOORS.has(door));
  const missing = doors.filter((door) => !shellCode.includes(`from '@kagami/shared/${door.slice(2)}'`));
  expect(doors.length).toBeGreaterThan(10);
  expect(missing).toEqual([]);
});
