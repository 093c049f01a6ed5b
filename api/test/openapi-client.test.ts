// The OpenAPI document validates (OpenAPI 3.1 schema) and the CLI's typed client was generated from the
// document the routes make now: a route changed without `pnpm openapi:client` fails here.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

test('the OpenAPI document is valid and cli/ holds the client generated from it', async () => {
  const run = await new Promise<{ code: number; output: string }>((done) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/openapi-client.ts', '--check'],
      { cwd: resolve(__dirname, '..') },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    ),
  );
  expect(run.output).toMatch(/OpenAPI 3\.1\.0 document valid: \d+ paths/);
  expect(run.output).toContain('The typed client matches the routes.');
  expect(run.code).toBe(0);
}, 120_000);
