// A stand-in for tus-js-client's Upload in component tests (jsdom has no real network for XHR uploads):
// it records what the screen asked for and lets the test play the server's side.
type Options = {
  metadata: Record<string, string>;
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (error: Error) => void;
};

export const uploads: StandIn[] = [];

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
  findPreviousUploads = async () => [];
  resumeFromPreviousUpload() {}
  start() {
    this.started += 1;
  }
  async abort(terminate = false) {
    this.aborted.push(terminate);
  }
  progress(sent: number) {
    this.options.onProgress(sent, this.file.size);
  }
  finish(uploadId: string) {
    this.url = `http://api.test/api/uploads/${uploadId}`;
    this.options.onSuccess();
  }
  refuse(status: number, body: unknown) {
    const error = Object.assign(new Error('refused'), {
      originalResponse: { getStatus: () => status, getBody: () => JSON.stringify(body) },
    });
    this.options.onError(error);
  }
}

export const tusStandIn = () => ({
  Upload: StandIn,
  DetailedError: Error,
  defaultOptions: { urlStorage: { findAllUploads: async () => [], removeUpload: async () => {} } },
});
