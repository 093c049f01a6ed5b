import { ConfigError, loadConfig } from '../src/config';

test('defaults give the embedded setup', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 3000,
    env: 'development',
    publicAppUrl: 'http://localhost:8080',
    databaseUrl: undefined,
    smtpUrl: undefined,
  });
  expect(config.corsOrigins).toContain('http://localhost:8081');
});

test('every bad variable is named in one clear message', () => {
  const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', PUBLIC_APP_URL: 'not a url' });
  expect(attempt).toThrow(ConfigError);
  const message = (() => {
    try {
      attempt();
    } catch (error) {
      return (error as Error).message;
    }
  })()!;
  for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_APP_URL']) expect(message).toContain(name);
});

test('lists are split on commas', () => {
  expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
    'https://a.example',
    'https://b.example',
  ]);
});

test('the local lip-sync step is the default; the http one needs its service', () => {
  expect(loadConfig({}).lipSync).toBeUndefined();
  expect(() => loadConfig({ LIPSYNC_ENGINE: 'http' })).toThrow(/LIPSYNC_URL/);
  expect(loadConfig({ LIPSYNC_ENGINE: 'http', LIPSYNC_URL: 'http://gpu:9000', LIPSYNC_TIMEOUT_SECONDS: '60' }).lipSync).toEqual({
    url: 'http://gpu:9000',
    timeoutMs: 60_000,
    retries: 2,
  });
});
