// What each provider's settings are, as the configuration reads them from the environment: the settings live below
// the code that uses them (storage, the engine's providers, moderation), which imports them from here.
import type { RetryOptions } from '../lib/retrying-fetch';

export type S3Options = {
  bucket: string;
  region: string;
  /** The server's address, for a server other than AWS S3 (`http://minio:9000`); absent: AWS. */
  endpoint?: string;
  /**
   * Where browsers fetch presigned downloads: absent, the endpoint itself; null, nowhere (an address only this network
   * reaches), so the API streams the objects itself.
   */
  downloadEndpoint?: string | null;
  /** Absent: the SDK's own chain (the environment, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Buckets in the path (`host/bucket/key`) rather than the host name: MinIO and most self-hosted servers. */
  forcePathStyle: boolean;
};

export type ModerationSettings = {
  provider: 'openai';
  url: string;
  key?: string;
  model: string;
  /** What a script gets while the provider cannot answer: refused (the default) or let through. */
  onOutage: 'refuse' | 'allow';
  http: RetryOptions;
};

export const SPEECH_PROVIDERS = ['local', 'openai', 'elevenlabs'] as const;

export type SpeechProviderName = Exclude<(typeof SPEECH_PROVIDERS)[number], 'local'>;

/** A voice of the provider, as the library lists it (`provider-<id>` in a video's `voice_id`). */
export type ProviderVoice = { id: string; name: string; gender: Gender | null; previewUrl: string | null };

export type SpeechProviderSettings = RetryOptions & {
  provider: SpeechProviderName;
  url: string;
  key?: string;
  model?: string;
  /** OpenAI-compatible servers have no voice list call: the voices to offer, each with its gender when known. */
  voices?: ProviderVoice[];
};

export const LIPSYNC_ENGINES = ['local', 'replicate', 'sync', 'fal'] as const;

/** Where Replicate posts a finished prediction (with LIPSYNC_WEBHOOK_SECRET), under PUBLIC_API_URL. */
export const LIPSYNC_WEBHOOK_PATH = '/api/lipsync/webhooks/replicate';

export type LipSyncEngine = (typeof LIPSYNC_ENGINES)[number];

export type LipSyncSettings = {
  engine: Exclude<LipSyncEngine, 'local'>;
  /** The provider's base address (its public one unless overridden: a proxy, a fake in tests, a Cog server). */
  url?: string;
  key?: string;
  /** The model: `owner/name` or `owner/name:version` on Replicate, a model name on sync.so, an endpoint id on fal. */
  model?: string;
  /** Render locally when the provider fails (the default). */
  fallback: boolean;
  /** Where Replicate posts a finished prediction, and the secret it signs with: set, no worker polls a prediction. */
  webhook?: { url: string; secret: string };
  http: HttpOptions;
};

/** How requests are retried (`RetryOptions`; the backoff paces polls too), and the longest a job may run. */
export type HttpOptions = RetryOptions & { jobTimeoutMs: number };

export type Gender = 'female' | 'male';
