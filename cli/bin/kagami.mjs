#!/usr/bin/env node
// The `kagami` command: runs the TypeScript sources through tsx (a dependency of this package).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
