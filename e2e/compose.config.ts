// The docker-compose checks (pnpm test:compose starts the stack first, on the ports below).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './playwright.config';

export const COMPOSE_SHELL = `http://localhost:${process.env.SHELL_PORT ?? 9080}`;
export const COMPOSE_API = `http://localhost:${process.env.API_PORT ?? 9000}`;

export default defineConfig({
  testDir: './compose',
  globalSetup: './global-setup.ts',
  timeout: 180_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: COMPOSE_SHELL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
});
