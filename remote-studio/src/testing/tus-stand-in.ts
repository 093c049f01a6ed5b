// A stand-in for tus-js-client's Upload in component tests (jsdom has no real network for XHR uploads):
// it records what the screen asked for and lets the test play the server's side.
type Options = {
  metadata: Record<string, string>;
  fingerprint: () => Promise<string>;
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (error: Error) => void;
};

export const uploads: StandIn[] = [];
/** What tus keeps in localStorage: an upload the server has created, until it succeeds or is forgotten. */
export const stored = new Map<string, { urlStorageKey: string; uploadUrl: string; size: number; metadata: Record<string, string> }>();
/** Upload URLs the screen asked the server to delete. */
export const terminated: string[] = [];

export class StandIn {
  url: string | null = null;
  started = 0;
  aborted: boolean[] = [];
  constructor(
    readonly file: File,
    readonly options: Options,
  ) {
    uploads.push(this);
  }
  static async terminate(url: string) {
    terminated.push(url);
  }
  findPreviousUploads = async () => {
    const prefix = `tus::${await this.options.fingerprint()}::`;
    return [...stored.values()].filter((entry) => entry.urlStorageKey.startsWith(prefix));
  };
  resumeFromPreviousUpload() {}
  start() {
    this.started += 1;
    if (this.started === 1) void this.remember();
  }
  private async remember() {
    const urlStorageKey = `tus::${await this.options.fingerprint()}::${uploads.indexOf(this)}`;
    const uploadUrl = `http://api.test/api/uploads/u${uploads.indexOf(this)}`;
    stored.set(urlStorageKey, { urlStorageKey, uploadUrl, size: this.file.size, metadata: this.options.metadata });
  }
  async abort(terminate = false) {
    this.aborted.push(terminate);
  }
  progress(sent: number) {
    this.options.onProgress(sent, this.file.size);
  }
  finish(uploadId: string) {
    this.url = `http://api.test/api/uploads/${uploadId}`;
    for (const key of [...stored.keys()]) if (stored.get(key)!.uploadUrl.endsWith(`/u${uploads.indexOf(this)}`)) stored.delete(key);
    this.options.onSuccess();
  }
  refuse(status: number, body: unknown) {
    const error = Object.assign(new Error('refused'), {
      originalResponse: { getStatus: () => status, getBody: () => JSON.stringify(body) },
    });
    this.options.onError(error);
  }
}

export function resetStandIn() {
  uploads.splice(0);
  stored.clear();
  terminated.splice(0);
}

export const tusStandIn = () => ({
  Upload: StandIn,
  DetailedError: Error,
  defaultOptions: {
    urlStorage: {
      findAllUploads: async () => [...stored.values()],
      removeUpload: async (key: string) => void stored.delete(key),
    },
  },
});
