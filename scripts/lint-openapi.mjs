// `pnpm lint:openapi`: Redocly (recommended rules, redocly.yaml) and Spectral (spectral:oas, .spectral.yaml) on the
// OpenAPI documents: the public API's (cli/openapi.json) and the app's whole API (api/openapi.json), both written by
// `pnpm openapi:client` and kept current with the routes by the API test openapi-client.test.ts. Prints each tool's
// count of errors and warnings; exits 1 when either finds an error.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/frontends.mjs';

const DOCUMENTS = ['cli/openapi.json', 'api/openapi.json'];
const bin = (name) => join(root, 'node_modules', '.bin', name);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(tool, args) {
  const result = spawnSync(bin(tool), args, { cwd: root, env, encoding: 'utf8' });
  if (result.error) throw new Error(`${tool} could not run: ${result.error.message}`);
  return result;
}

let failed = false;
for (const document of DOCUMENTS) {
  const redocly = run('redocly', ['lint', document, '--format=json', '--max-problems=100000']);
  const problems = JSON.parse(redocly.stdout.slice(redocly.stdout.indexOf('{'))).problems ?? [];
  const count = (severity) => problems.filter((problem) => problem.severity === severity).length;
  console.log(`Redocly (recommended) on ${document}: ${count('error')} errors, ${count('warn')} warnings.`);
  for (const problem of problems)
    console.log(`  ${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location?.[0]?.pointer ?? ''})`);

  const spectral = run('spectral', ['lint', document, '--format=json', '--quiet']);
  const found = JSON.parse(spectral.stdout || '[]');
  const spectralCount = (severity) => found.filter((problem) => problem.severity === severity).length;
  console.log(`Spectral (spectral:oas) on ${document}: ${spectralCount(0)} errors, ${spectralCount(1)} warnings.`);
  for (const problem of found)
    console.log(
      `  ${['error', 'warning', 'info', 'hint'][problem.severity]} ${problem.code}: ${problem.message} (${problem.path.join('.')})`,
    );

  if (count('error') > 0 || spectralCount(0) > 0) failed = true;
}
process.exit(failed ? 1 : 0);
