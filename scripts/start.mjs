// `npm start`: build what is stale, then run the whole product on embedded defaults.
import { buildFrontends } from './lib/build-frontends.mjs';
import { startProduct } from './lib/product.mjs';

await buildFrontends();
const product = await startProduct().catch((error) => {
  console.error(`Kagami could not start: ${error.message}`);
  process.exit(1);
});
console.log(
  `\n  Kagami is running at ${product.url}\n  API docs: http://localhost:${process.env.API_PORT ?? 3000}/api/docs\n  Press Ctrl+C to stop.\n`,
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await product.stop();
    process.exit(0);
  });
}
