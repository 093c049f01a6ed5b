// The API's layers and the engine's door are ESLint zones (eslint.config.mjs): a file that imports against them
// fails `pnpm lint`. Each case lints a small file placed in api/src and expects the zone's error.
// ESLint runs as `pnpm lint` runs it, in a process of its own (its config is a module jest's sandbox cannot load).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const eslintBin = join(root, 'node_modules/eslint/bin/eslint.js');

async function zoneErrors(file: string, code: string): Promise<string[]> {
  const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', join(root, 'api/src', file)], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

test.each([
  [
    'lib imports a domain (a type only)',
    'lib/breaks-a-layer.ts',
    "import type { AppContext } from '../domains/app-context';",
    'sits below',
  ],
  ['the database imports the engine', 'db/breaks-a-layer.ts', "import { EngineFailure } from '../engine';", 'sits below'],
  ['the engine imports a domain', 'engine/breaks-a-layer.ts', "import { fail } from '../domains/app-context';", 'sits below'],
  [
    'the engine imports storage',
    'engine/breaks-a-layer.ts',
    "import type { MediaStore } from '../storage/media-store';",
    'handed what it needs',
  ],
  [
    'a domain imports the HTTP layer',
    'domains/breaks-a-layer.ts',
    "import { installErrorHandler } from '../http/error-handler';",
    'sits below',
  ],
  [
    'a domain reaches past the engine door',
    'domains/breaks-a-layer.ts',
    "import { VIDEO_FPS } from '../engine/video-format';",
    'through its door',
  ],
  [
    'the composition root reaches past the engine door',
    'context.ts',
    "import { LocalEngine } from './engine/local/local-engine';",
    'through its door',
  ],
])('%s is refused', async (_case, file, code, says) => {
  const errors = await zoneErrors(file, `${code}\nexport const used = 1;\n`);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toContain(says);
});

test('imports along the layers pass', async () => {
  const code = [
    "import { EngineFailure } from '../engine';",
    "import type { AppContext } from './app-context';",
    "import { AppError } from '../lib/errors';",
    'export const used = [EngineFailure, AppError] as unknown as AppContext;',
  ].join('\n');
  expect(await zoneErrors('domains/follows-the-layers.ts', code)).toEqual([]);
});
