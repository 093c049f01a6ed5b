/**
 * Reads the whole workspace's sources (as files, not imports) to check every translation:
 * en and ja hold the same keys, every key the code uses exists, every API error code is translated.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const NAMESPACES = {
  common: { dir: 'shared', file: 'shared/src/i18n/locales/{lang}/common.json' },
  shell: { dir: 'shell', file: 'shell/src/locales/{lang}/shell.json' },
  auth: { dir: 'remote-auth', file: 'remote-auth/src/locales/{lang}/auth.json' },
  account: { dir: 'remote-account', file: 'remote-account/src/locales/{lang}/account.json' },
  billing: { dir: 'remote-billing', file: 'remote-billing/src/locales/{lang}/billing.json' },
  studio: { dir: 'remote-studio', file: 'remote-studio/src/locales/{lang}/studio.json' },
} as const;
type Namespace = keyof typeof NAMESPACES;

const load = (ns: Namespace, lang: 'en' | 'ja') =>
  JSON.parse(readFileSync(join(root, NAMESPACES[ns].file.replace('{lang}', lang)), 'utf8'));

const flatten = (node: unknown, prefix = ''): Record<string, string> =>
  Object.entries(node as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, value]) => ({
      ...all,
      ...(typeof value === 'string' ? { [`${prefix}${key}`]: value } : flatten(value, `${prefix}${key}.`)),
    }),
    {},
  );

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (['node_modules', 'dist', 'locales'].includes(entry)) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

test.each(Object.keys(NAMESPACES) as Namespace[])('%s: en and ja have the same keys, none empty', (ns) => {
  const en = flatten(load(ns, 'en'));
  const ja = flatten(load(ns, 'ja'));
  expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
  for (const [key, value] of Object.entries({ ...en, ...ja })) expect([key, value.trim().length > 0]).toEqual([key, true]);
});

test('every key the code uses exists in its namespace', () => {
  const missing: string[] = [];
  for (const [defaultNs, { dir }] of Object.entries(NAMESPACES) as [Namespace, (typeof NAMESPACES)[Namespace]][]) {
    for (const file of sources(join(root, dir, 'src'))) {
      const text = readFileSync(file, 'utf8');
      const fileNs = (text.match(/useTranslation\(\s*\[?\s*'(\w+)'/)?.[1] as Namespace | undefined) ?? defaultNs;
      const literal = [...text.matchAll(/\bt\(\s*'([^']+)'/g), ...text.matchAll(/i18nKey="([^"]+)"/g)].map((m) => m[1]!);
      const dynamic = [...text.matchAll(/\bt\(\s*`([^`$]+)\$\{/g)].map((m) => m[1]!);
      for (const used of [...literal, ...dynamic]) {
        const [ns, key] = used.includes(':') ? (used.split(':') as [Namespace, string]) : [fileNs, used];
        const keys = Object.keys(flatten(load(ns, 'en')));
        const found = dynamic.includes(used) ? keys.some((k) => k.startsWith(key)) : keys.includes(key);
        if (!found) missing.push(`${file.replace(root, '')}: ${ns}:${key}`);
      }
    }
  }
  expect(missing).toEqual([]);
});

test('every error code the API sends and every validation message is translated', () => {
  const errors = Object.keys(flatten(load('common', 'en').errors));
  const codes = new Set<string>();
  for (const file of sources(join(root, 'api', 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/errorMessage\('([a-z_]+)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/new AppError\(\s*\d+,\s*'([a-z_]+)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/(?:fail|refuse)\(\d+, '([a-z_]+)'/g)) codes.add(m[1]!);
    // Why a job failed, shown on its item.
    for (const m of text.matchAll(/EngineFailure\('([a-z_]+)'/g)) codes.add(m[1]!);
  }
  const scan = readFileSync(join(root, 'api/src/engine/footage/footage-scan.ts'), 'utf8');
  for (const m of scan.matchAll(/^ {2}[a-z_]+: '([a-z_]+)',$/gm)) codes.add(m[1]!);
  const photo = readFileSync(join(root, 'api/src/engine/footage/photo-check.ts'), 'utf8');
  for (const m of photo.match(/type PhotoRefusal = [^;]+;/)![0].matchAll(/'([a-z_]+)'/g)) codes.add(m[1]!);
  expect(codes).toContain('lips_never_closed');
  expect(codes).toContain('lips_open');
  expect(codes.size).toBeGreaterThan(10);
  expect([...codes].filter((code) => !errors.includes(code))).toEqual([]);

  const messages = readFileSync(join(root, 'shared/src/validation/messages.ts'), 'utf8');
  const validationKeys = [...messages.matchAll(/\| '([a-zA-Z]+)'/g)].map((m) => m[1]!);
  const translated = Object.keys(flatten(load('common', 'en').validation));
  expect(validationKeys.filter((key) => !translated.includes(key))).toEqual([]);
});

test('English tells which characters are allowed instead of saying "half-width"', () => {
  const english = (Object.keys(NAMESPACES) as Namespace[]).flatMap((ns) => Object.values(flatten(load(ns, 'en'))));
  expect(english.filter((text) => /half-width/i.test(text))).toEqual([]);
});

test('no message is given a `count`: i18next would make an Intl.PluralRules for it, and the app has no plural forms', () => {
  const counted: string[] = [];
  for (const { dir } of Object.values(NAMESPACES)) {
    for (const file of sources(join(root, dir, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*['`][^'`]+['`],\s*\{[^}]*\bcount\b/g)) counted.push(`${file.replace(root, '')}: ${m[0]}`);
    }
  }
  const messages = (Object.keys(NAMESPACES) as Namespace[]).flatMap((ns) => Object.values(flatten(load(ns, 'en'))));
  expect(counted).toEqual([]);
  expect(messages.filter((text) => text.includes('{{count}}'))).toEqual([]);
});
