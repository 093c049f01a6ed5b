// The OpenAPI document validates (OpenAPI 3.1 schema) and the CLI's typed client was generated from the
// document the routes make now: a route changed without `pnpm openapi:client` fails here.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

test("every operation of the app's document says what it answers: its successes and its refusals with their codes", () => {
  const document = JSON.parse(readFileSync(resolve(__dirname, '../openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { content?: object }> }>>;
  };
  const lacking: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const at = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(operation.responses);
      if (!operation.operationId) lacking.push(`${at}: no operationId`);
      if (!statuses.some((status) => /^[23]\d\d$/.test(status))) lacking.push(`${at}: no success status`);
      if (statuses.some((status) => /X/.test(status) || status === 'default')) lacking.push(`${at}: a status range or default`);
      if (!statuses.some((status) => status === '429')) lacking.push(`${at}: no 429`);
    }
  }
  expect(lacking).toEqual([]);
  expect(Object.keys(document.paths).length).toBeGreaterThan(100);
});
