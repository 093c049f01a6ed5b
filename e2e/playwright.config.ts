import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

export const SHELL = 'http://localhost:8180';
export const API = 'http://localhost:3100';
export const REMOTE_AUTH = 'http://localhost:8181';
export const REMOTE_STUDIO = 'http://localhost:8182';
export const REMOTE_ACCOUNT = 'http://localhost:8183';
export const REMOTE_BILLING = 'http://localhost:8184';
/** Made by global-setup: face clips, a voice recording, and a face for the fake camera. */
export const MEDIA = join(__dirname, '.media');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: SHELL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${API}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
  },
});
