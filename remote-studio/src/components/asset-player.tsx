import { useEffect, useState } from 'react';
import { api } from '@kagami/shared/api';
import { Box } from '@kagami/shared/ui';

/**
 * Plays a video or audio asset: its signed address is fetched through an abortable request, cancelled
 * when the view goes away. A failed load shows nothing and leaves a console warning (SPEC §8).
 */
export function AssetPlayer({ path, kind, type, label }: { path: string; kind: 'video' | 'audio'; type: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
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
      <video controls aria-label={label} data-testid="asset-video" style={{ width: '100%', maxHeight: '60vh', display: 'block' }}>
        <source src={url} type={type} />
      </video>
    </Box>
  );
}
