// Where `kagami login` keeps the key: $KAGAMI_CONFIG, or ~/.config/kagami/credentials.json, readable by
// its owner only.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export type Credentials = { url: string; key: string };

export const credentialsFile = () => process.env.KAGAMI_CONFIG ?? join(homedir(), '.config', 'kagami', 'credentials.json');

export async function readCredentials(): Promise<Credentials | null> {
  try {
    const saved = JSON.parse(await readFile(credentialsFile(), 'utf8')) as Partial<Credentials>;
    return saved.url && saved.key ? { url: saved.url, key: saved.key } : null;
  } catch {
    return null;
  }
}

export async function saveCredentials(credentials: Credentials) {
  const file = credentialsFile();
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}
