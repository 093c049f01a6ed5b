import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4 recording: request permissions, start, stop, record again, submit. */
export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'requesting' }
  | { phase: 'ready' }
  | { phase: 'recording'; startedAt: number }
  | { phase: 'recorded'; file: File; seconds: number; url: string }
  | { phase: 'failed'; code: 'camera_permission_denied' | 'camera_unavailable' | 'recording_unsupported' };

const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

const supportedType = () =>
  typeof MediaRecorder === 'undefined' ? null : (MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? '');

/** Camera and microphone through getUserMedia and MediaRecorder; the stream stops when the screen goes away. */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const recordedUrl = state.phase === 'recorded' ? state.url : null;

  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);
  useEffect(() => () => void (recordedUrl && URL.revokeObjectURL(recordedUrl)), [recordedUrl]);

  const requestAccess = useCallback(async () => {
    if (supportedType() === null || !navigator.mediaDevices?.getUserMedia)
      return setState({ phase: 'failed', code: 'recording_unsupported' });
    setState({ phase: 'requesting' });
    try {
      // A phone held upright films upright: the frame is asked for the way the screen is turned.
      const upright = window.matchMedia?.('(orientation: portrait)').matches ?? false;
      const media = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: upright ? 720 : 1280 }, height: { ideal: upright ? 1280 : 720 }, facingMode: 'user' },
        audio: true,
      });
      setStream(media);
      setState({ phase: 'ready' });
    } catch (error) {
      const name = (error as DOMException).name;
      setState({
        phase: 'failed',
        code: name === 'NotAllowedError' || name === 'SecurityError' ? 'camera_permission_denied' : 'camera_unavailable',
      });
    }
  }, []);

  const start = useCallback(() => {
    if (!stream) return;
    const mimeType = supportedType() ?? '';
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    const startedAt = Date.now();
    media.ondataavailable = (event) => event.data.size && chunks.current.push(event.data);
    media.onstop = () => {
      const type = (media.mimeType || mimeType || 'video/webm').split(';')[0]!;
      const blob = new Blob(chunks.current, { type });
      const file = new File([blob], `webcam-recording-${startedAt}.${type === 'video/mp4' ? 'mp4' : 'webm'}`, {
        type,
        lastModified: startedAt,
      });
      setState({ phase: 'recorded', file, seconds: (Date.now() - startedAt) / 1000, url: URL.createObjectURL(blob) });
    };
    media.start(1000);
    recorder.current = media;
    setState({ phase: 'recording', startedAt });
  }, [stream]);

  const stop = useCallback(() => recorder.current?.state === 'recording' && recorder.current.stop(), []);
  const recordAgain = useCallback(() => setState({ phase: 'ready' }), []);

  return { state, stream, requestAccess, start, stop, recordAgain };
}
