// `npm start`: build what is stale, then run the whole product on embedded defaults.
import { buildFrontends } from './lib/build-frontends.mjs';
import { FRONTENDS, portOf } from './lib/frontends.mjs';
import { runtimeConfigFor, startProduct } from './lib/product.mjs';

await buildFrontends();
const product = await startProduct().catch((error) => {
  console.error(`Kagami could not start: ${error.message}`);
  process.exit(1);
});
const { apiBaseUrl } = runtimeConfigFor();
const mail = process.env.SMTP_URL
  ? 'sent over SMTP'
  : `printed below and kept at ${apiBaseUrl}/api/dev/mailbox?to=<address> (no SMTP_URL set)`;
console.log(
  [
    '',
    `  Kagami is running at ${product.url}`,
    `  ${'api'.padEnd(15)}${apiBaseUrl} (docs at /api/docs)`,
    ...FRONTENDS.filter((f) => f.remote).map((f) => `  ${f.dir.padEnd(15)}http://localhost:${portOf(f)}`),
    `  ${'e-mail'.padEnd(15)}${mail}`,
    '  Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await product.stop();
    process.exit(0);
  });
}
