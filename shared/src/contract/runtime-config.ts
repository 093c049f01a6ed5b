import type { RemoteName } from './remotes';

/** `runtime-config.json`, served beside the shell and written from the environment at deploy time. */
export type RuntimeConfig = {
  apiBaseUrl: string;
  googleClientId?: string;
  /** Manifest URL (`…/mf-manifest.json`) per remote; a remote left out is shown as unavailable. */
  remotes: Partial<Record<RemoteName, string>>;
};
