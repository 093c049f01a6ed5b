import { DetailedError, Upload, defaultOptions, type HttpRequest, type PreviousUpload } from 'tus-js-client';
import { apiBaseUrl, authHeaders } from '@kagami/shared/api';
import type { UploadPurpose } from '@kagami/shared/validation';

/** Smaller parts make a resumed upload lose less; 16 MB keeps the request count low on a 5 GB file. */
const CHUNK_BYTES = 16 * 1024 ** 2;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000];

/** Why an upload stopped: the server's code (a refused file: `not_a_video`, `quota_exceeded` with its `metric`, …) or `upload_failed`. */
export type UploadFailure = { code: string; metric?: string };

export type UploadEvents = {
  onProgress: (sent: number, total: number) => void;
  onSuccess: (uploadId: string) => void;
  onError: (failure: UploadFailure) => void;
};

/**
 * Identifies a file across page reloads, per team and purpose, without its modification time (which a
 * re-chosen file does not always keep): the server still checks the content when the last byte arrives.
 */
export const fingerprintPrefix = (teamId: string, purpose: UploadPurpose) => `kagami|${teamId}|${purpose}|`;
const fingerprint = (teamId: string, purpose: UploadPurpose, file: File) =>
  `${fingerprintPrefix(teamId, purpose)}${file.name}|${file.type}|${file.size}`;

const withAuth = (request: HttpRequest) => {
  for (const [name, value] of Object.entries(authHeaders())) request.setHeader(name, value);
};

const responseOf = (error: Error | DetailedError) => (error instanceof DetailedError ? error.originalResponse : null);
const statusOf = (error: Error | DetailedError) => responseOf(error)?.getStatus() ?? 0;

/** Why a tus request failed: the API's JSON `code` (and `metric`), else a generic upload failure. */
export function uploadFailure(error: Error | DetailedError): UploadFailure {
  const response = responseOf(error);
  if (!response) return { code: 'upload_failed' };
  try {
    const body = JSON.parse(response.getBody()) as { code?: unknown; metric?: unknown };
    if (typeof body.code === 'string') return { code: body.code, ...(typeof body.metric === 'string' ? { metric: body.metric } : {}) };
  } catch {
    // not JSON
  }
  return { code: response.getStatus() === 401 ? 'unauthorized' : 'upload_failed' };
}

/** A lost connection, a server error, or a conflict from a part sent twice: worth another try. */
const isTransient = (status: number) => status === 0 || status >= 500 || status === 409 || status === 423;
/** The server refused the file (or no longer has it): its upload cannot be resumed. A 401 can, once signed in. */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 401 && !isTransient(status);

/** Uploads a file to POST /api/uploads with tus, resuming an earlier upload of the same file when one is stored. */
export async function startUpload(
  file: File,
  teamId: string,
  purpose: UploadPurpose,
  events: UploadEvents,
  durationSeconds: number | null = null,
) {
  // A refused upload is gone on the server: it is forgotten here too, or it would be offered for resuming.
  const fail = async (error: Error | DetailedError) => {
    if (isRefusal(statusOf(error))) {
      const stored = await upload.findPreviousUploads().catch(() => []);
      await Promise.all(stored.map((entry) => defaultOptions.urlStorage.removeUpload(entry.urlStorageKey)));
    }
    events.onError(uploadFailure(error));
  };
  const upload = new Upload(file, {
    endpoint: `${apiBaseUrl()}/api/uploads`,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata: {
      team_id: teamId,
      purpose,
      filename: file.name,
      filetype: file.type,
      // The length the browser read, so the plan is asked for it before the first byte (the server measures it again).
      ...(durationSeconds ? { duration: String(durationSeconds) } : {}),
    },
    fingerprint: async () => fingerprint(teamId, purpose, file),
    removeFingerprintOnSuccess: true,
    onBeforeRequest: withAuth,
    onShouldRetry: (error) => isTransient(statusOf(error)),
    onProgress: events.onProgress,
    onSuccess: () => events.onSuccess(upload.url!.split('/').pop()!),
    onError: (error) => void fail(error),
  });
  const previous = await upload.findPreviousUploads();
  const resumed = previous[0];
  if (resumed) upload.resumeFromPreviousUpload(resumed);
  upload.start();
  return { upload, resumed: Boolean(resumed) };
}

/** Unfinished uploads stored by this browser for a team and purpose (to offer resuming after a reload). */
export async function unfinishedUploads(teamId: string, purpose: UploadPurpose): Promise<PreviousUpload[]> {
  const all = await defaultOptions.urlStorage.findAllUploads();
  return all.filter((entry) => entry.urlStorageKey.startsWith(`tus::${fingerprintPrefix(teamId, purpose)}`));
}

/** Forgets an unfinished upload and removes its bytes from the server. */
export async function discardUpload(entry: PreviousUpload) {
  await defaultOptions.urlStorage.removeUpload(entry.urlStorageKey);
  if (entry.uploadUrl) {
    await Upload.terminate(entry.uploadUrl, { onBeforeRequest: withAuth }).catch(() => {});
  }
}
