/** The contract version every remote is built against; the shell refuses a remote of another major. */
export const CONTRACT_VERSION = '1.0.0';
export const contractMajor = (version: string) => Number(version.split('.')[0]);

/** Module Federation names (valid JS identifiers) of the separately deployed remotes. */
export const REMOTES = {
  auth: 'remote_auth',
  studio: 'remote_studio',
  account: 'remote_account',
  billing: 'remote_billing',
} as const;
export type RemoteKey = keyof typeof REMOTES;
export type RemoteName = (typeof REMOTES)[RemoteKey];

/** Every remote exposes this module: `export const contractVersion = CONTRACT_VERSION`. */
export const CONTRACT_MODULE = 'contract';
