// pdf.js's worker, run in the rendering thread (pdfjs-dist ships no types for it): pdf.js finds it on globalThis.pdfjsWorker.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
