import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviousUpload, Upload } from 'tus-js-client';
import { ApiError } from '@kagami/shared/api';
import { checkFile, type MediaKind, type MediaLimits, type UploadPurpose } from '@kagami/shared/validation';
import { useTeamId } from '../../data/queries';
import { studioApi } from '../../data/studio-api';
import { discardUpload, startUpload, unfinishedUploads, type UploadFailure } from './resumable-upload';

export type UploadState =
  | { phase: 'idle' }
  /** Asking the API whether the plan has room for this file, before any byte is sent. */
  | { phase: 'preparing'; fileName: string }
  | { phase: 'uploading' | 'paused'; fileName: string; sent: number; total: number; bytesPerSecond: number; resumed: boolean }
  /** Every byte is there; the server is checking the content. */
  | { phase: 'checking'; fileName: string; total: number }
  | { phase: 'done'; fileName: string; uploadId: string }
  | ({ phase: 'failed' } & UploadFailure);

const SPEED_WINDOW_MS = 3_000;

/** The media's length as the browser reads it (null when it cannot: the server measures it anyway). */
function mediaDuration(file: File, kind: MediaKind): Promise<number | null> {
  if (kind !== 'video' && kind !== 'audio') return Promise.resolve(null);
  const media = document.createElement(kind);
  // A format this browser cannot play (or a page without media support) has no length to read here.
  if (typeof URL.createObjectURL !== 'function' || !media.canPlayType(file.type)) return Promise.resolve(null);
  const url = URL.createObjectURL(file);
  return new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 3000);
    media.onloadedmetadata = () => {
      clearTimeout(timer);
      resolve(Number.isFinite(media.duration) ? media.duration : null);
    };
    media.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    media.preload = 'metadata';
    media.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/** A refusal the API answered (4xx), which no upload would get past; null when it could not be asked. */
const refusalOf = (error: unknown): UploadFailure | null =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? { code: error.code, ...(error.metric ? { metric: error.metric } : {}) }
    : null;

/**
 * One resumable upload for a purpose: checks the file in the browser first, then asks the API whether the plan has
 * room for it (nothing is sent when either refuses), then uploads with progress, speed, pause, resume and cancel.
 * Leaving the screen keeps the upload resumable: choosing the same file again continues where it stopped.
 */
export function useUpload(purpose: UploadPurpose, limits: MediaLimits, kind: MediaKind) {
  const teamId = useTeamId();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  const current = useRef<Upload | null>(null);
  const samples = useRef<{ at: number; sent: number }[]>([]);

  const refreshUnfinished = useCallback(() => {
    // An empty list stays the same array: a new empty one would render the whole form again for nothing.
    const show = (found: PreviousUpload[]) => setUnfinished((previous) => (found.length || previous.length ? found : previous));
    if (teamId) void unfinishedUploads(teamId, purpose).then(show, () => show([]));
  }, [teamId, purpose]);

  useEffect(() => {
    refreshUnfinished();
    return () => void current.current?.abort();
  }, [refreshUnfinished]);

  const start = useCallback(
    async (file: File) => {
      const rejection = checkFile(file, limits, kind);
      if (rejection) return setState({ phase: 'failed', code: rejection });
      setState({ phase: 'preparing', fileName: file.name });
      const durationSeconds = await mediaDuration(file, kind);
      const refused = await studioApi
        .checkUpload(teamId, { purpose, sizeBytes: file.size, durationSeconds: durationSeconds ?? undefined })
        .then(() => null, refusalOf);
      if (refused) return setState({ phase: 'failed', ...refused });
      samples.current = [];
      setState({ phase: 'uploading', fileName: file.name, sent: 0, total: file.size, bytesPerSecond: 0, resumed: false });
      let started: Awaited<ReturnType<typeof startUpload>>;
      try {
        started = await startUpload(
          file,
          teamId,
          purpose,
          {
            onProgress: (sent, total) => {
              const now = Date.now();
              samples.current = [...samples.current.filter((s) => now - s.at < SPEED_WINDOW_MS), { at: now, sent }];
              const first = samples.current[0]!;
              const bytesPerSecond = now > first.at ? ((sent - first.sent) * 1000) / (now - first.at) : 0;
              setState((previous) =>
                sent >= total
                  ? { phase: 'checking', fileName: file.name, total }
                  : {
                      // A late progress event after Pause does not undo the pause.
                      phase: previous.phase === 'paused' ? 'paused' : 'uploading',
                      fileName: file.name,
                      sent,
                      total,
                      bytesPerSecond,
                      resumed: (previous.phase === 'uploading' || previous.phase === 'paused') && previous.resumed,
                    },
              );
            },
            onSuccess: (uploadId) => {
              current.current = null;
              setState({ phase: 'done', fileName: file.name, uploadId });
              setUnfinished([]);
            },
            onError: (failure) => {
              current.current = null;
              setState({ phase: 'failed', ...failure });
              refreshUnfinished();
            },
          },
          durationSeconds,
        );
      } catch {
        return setState({ phase: 'failed', code: 'upload_failed' });
      }
      const { upload, resumed } = started;
      current.current = upload;
      if (resumed) setState((previous) => (previous.phase === 'uploading' ? { ...previous, resumed } : previous));
    },
    [teamId, purpose, limits, kind, refreshUnfinished],
  );

  const pause = useCallback(() => {
    void current.current?.abort();
    setState((previous) => (previous.phase === 'uploading' ? { ...previous, phase: 'paused', bytesPerSecond: 0 } : previous));
  }, []);

  const resume = useCallback(() => {
    samples.current = [];
    current.current?.start();
    setState((previous) => (previous.phase === 'paused' ? { ...previous, phase: 'uploading' } : previous));
  }, []);

  /** Stops the upload and removes its bytes from the server: "upload cancelled". */
  const cancel = useCallback(() => {
    const upload = current.current;
    current.current = null;
    void upload?.abort(true).catch(() => {});
    setState({ phase: 'failed', code: 'upload_cancelled' });
    setUnfinished([]);
  }, []);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  const discard = useCallback(
    async (entry: PreviousUpload) => {
      await discardUpload(entry);
      refreshUnfinished();
    },
    [refreshUnfinished],
  );

  return { state, start, pause, resume, cancel, reset, unfinished, discard };
}
