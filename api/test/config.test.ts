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

test('the local lip-sync step is the default; a provider needs its key (or, for Replicate, a Cog server); the old http value is gone', () => {
  expect(loadConfig({}).lipSync).toBeUndefined();
  expect(() => loadConfig({ LIPSYNC_ENGINE: 'http', LIPSYNC_URL: 'http://gpu:9000' })).toThrow(/LIPSYNC_ENGINE/);
  expect(() => loadConfig({ LIPSYNC_ENGINE: 'sync' })).toThrow(/LIPSYNC_KEY/);
  expect(() => loadConfig({ SPEECH_PROVIDER: 'elevenlabs' })).toThrow(/SPEECH_PROVIDER=elevenlabs needs SPEECH_PROVIDER_KEY/);
  expect(() => loadConfig({ SPEECH_PROVIDER: 'openai' })).toThrow(/SPEECH_PROVIDER_KEY.*SPEECH_PROVIDER_URL/);
  expect(() => loadConfig({ SPEECH_PROVIDER: 'azure', SPEECH_PROVIDER_KEY: 'k' })).toThrow(/SPEECH_PROVIDER/);
  expect(() => loadConfig({ SPEECH_PROVIDER: 'openai', SPEECH_PROVIDER_KEY: 'k', SPEECH_PROVIDER_VOICES: 'nova:woman' })).toThrow(
    /SPEECH_PROVIDER_VOICES/,
  );
  expect(loadConfig({ SPEECH_PROVIDER: 'openai', SPEECH_PROVIDER_KEY: 'sk' }).speech).toMatchObject({
    provider: 'openai',
    url: 'https://api.openai.com',
    key: 'sk',
  });
  expect(loadConfig({}).speech).toBeUndefined();
  expect(() => loadConfig({ LIPSYNC_ENGINE: 'fal' })).toThrow(/LIPSYNC_KEY/);
  expect(() => loadConfig({ LIPSYNC_ENGINE: 'replicate' })).toThrow(/LIPSYNC_KEY.*LIPSYNC_URL/);
  expect(
    loadConfig({ LIPSYNC_ENGINE: 'replicate', LIPSYNC_URL: 'http://gpu-host:5000', LIPSYNC_TIMEOUT_SECONDS: '60' }).lipSync,
  ).toMatchObject({
    engine: 'replicate',
    url: 'http://gpu-host:5000',
    key: undefined,
    fallback: true,
    http: { jobTimeoutMs: 60_000, retries: 2 },
  });
  expect(
    loadConfig({ LIPSYNC_ENGINE: 'fal', LIPSYNC_KEY: 'k', LIPSYNC_MODEL: 'fal-ai/sync-lipsync/v2', LIPSYNC_FALLBACK: 'false' }).lipSync,
  ).toMatchObject({ engine: 'fal', key: 'k', model: 'fal-ai/sync-lipsync/v2', fallback: false, webhook: undefined });
  const hooked = { LIPSYNC_ENGINE: 'replicate', LIPSYNC_KEY: 'r8', PUBLIC_API_URL: 'https://api.example.com/' };
  expect(loadConfig({ ...hooked, LIPSYNC_WEBHOOK_SECRET: 'whsec_c2VjcmV0' }).lipSync?.webhook).toEqual({
    url: 'https://api.example.com/api/lipsync/webhooks/replicate',
    secret: 'whsec_c2VjcmV0',
  });
  expect(() => loadConfig({ ...hooked, LIPSYNC_WEBHOOK_SECRET: 'secret' })).toThrow(/LIPSYNC_WEBHOOK_SECRET/);
});

test('media stay in DATA_DIR unless S3_BUCKET is set; a bucket on another server downloads through the API unless S3_PUBLIC_ENDPOINT is set', () => {
  expect(loadConfig({}).s3).toBeUndefined();
  expect(loadConfig({ S3_BUCKET: 'media' }).s3).toEqual({
    bucket: 'media',
    region: 'us-east-1',
    endpoint: undefined,
    downloadEndpoint: undefined,
    credentials: undefined,
    forcePathStyle: false,
  });
  const minio = { S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
  expect(loadConfig(minio).s3).toMatchObject({ endpoint: 'http://minio:9000', downloadEndpoint: null, credentials: { accessKeyId: 'id' } });
  expect(loadConfig({ ...minio, S3_PUBLIC_ENDPOINT: 'https://media.example.com' }).s3).toMatchObject({
    downloadEndpoint: 'https://media.example.com',
  });
  expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
    'S3_BUCKET (the bucket that holds the media) is needed with S3_ENDPOINT',
  );
  expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow('S3_BUCKET: must be a bucket name');
});
