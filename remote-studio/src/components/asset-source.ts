import { useMemo } from 'react';
import { api } from '@kagami/shared/api';
import type { ImageSource } from '@kagami/shared/ui';

/**
 * An image source for LazyImage: the asset's signed address, fetched when the image comes into view.
 * Kept the same between renders, since LazyImage loads again whenever its source changes.
 */
export function useAssetSource(path: string | null): ImageSource | null {
  return useMemo(() => (path ? (signal: AbortSignal) => api.assetUrl(path, signal) : null), [path]);
}
