import { api } from '@kagami/shared/api';
import type { ImageSource } from '@kagami/shared/ui';

/** An image source for LazyImage: the asset's signed address, fetched when the image comes into view. */
export const assetSource =
  (path: string): ImageSource =>
  (signal: AbortSignal) =>
    api.assetUrl(path, signal);
