import { useEffect, useState } from 'react';
import { api } from '@kagami/shared/api';
import { Box } from '@kagami/shared/ui';

/**
 * Plays a video or audio asset: its signed address is fetched through an abortable request, cancelled
 * when the view goes away. A failed load shows nothing and leaves a console warning (SPEC §8).
 */
export function AssetPlayer({
  path,
  kind,
  type,
  label,
  poster = null,
  captions = null,
}: {
  path: string;
  kind: 'video' | 'audio';
  type: string;
  label: string;
  /** A video's poster and WebVTT captions (assets too). */
  poster?: string | null;
  captions?: { path: string; label: string; language: string } | null;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const posterUrl = useSignedUrl(poster);
  const track = useCaptionTrack(captions?.path ?? null);
  useEffect(() => {
    const controller = new AbortController();
    setUrl(null);
    api.assetUrl(path, controller.signal).then(
      (resolved) => setUrl(resolved),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn(kind === 'video' ? 'Failed to load video asset' : 'Failed to load asset', error);
      },
    );
    return () => controller.abort();
  }, [path, kind]);
  if (!url) return null;
  if (kind === 'audio') {
    return (
      // Narrower, the browser's player hides its time and menu: a table around it scrolls instead.
      <audio controls aria-label={label} data-testid="asset-audio" style={{ width: '100%', minWidth: 250, maxWidth: 320 }}>
        <source src={url} type={type} />
      </audio>
    );
  }
  return (
    <Box borderRadius="md" overflow="hidden" bg="black">
      <video
        controls
        aria-label={label}
        data-testid="asset-video"
        poster={posterUrl ?? undefined}
        style={{ width: '100%', maxHeight: '60vh', display: 'block' }}
      >
        <source src={url} type={type} />
        {track && captions ? <track kind="captions" src={track} srcLang={captions.language} label={captions.label} default /> : null}
      </video>
    </Box>
  );
}

/** An asset's signed address, or null until it is known (or when there is none). */
function useSignedUrl(path: string | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!path) return;
    const controller = new AbortController();
    api.assetUrl(path, controller.signal).then(setUrl, () => undefined);
    return () => controller.abort();
  }, [path]);
  return url;
}

/**
 * Captions for a <track>: the WebVTT read through the API and handed to the player from memory, since a track from
 * another origin needs the video element in CORS mode, which the signed media links are not served for.
 */
function useCaptionTrack(path: string | null) {
  const signed = useSignedUrl(path);
  const [track, setTrack] = useState<string | null>(null);
  useEffect(() => {
    if (!signed) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetch(signed, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`captions: ${response.status}`))))
      .then(
        (text) => {
          objectUrl = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
          setTrack(objectUrl);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn('Failed to load captions', error);
        },
      );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [signed]);
  return track;
}
