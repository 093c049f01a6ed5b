// The app's answers about shared videos, for the OpenAPI document (/api/docs).
import * as v from 'valibot';
import { page, time } from '../../routing/operations';

export const Share = v.pipe(
  v.union([
    v.object({ shared: v.literal(false) }),
    v.object({
      shared: v.literal(true),
      url: v.string(),
      embed_url: v.string(),
      embed_html: v.string(),
      allow_download: v.boolean(),
      views: v.number(),
      created_at: time,
    }),
  ]),
  v.title('Share'),
);

export const UNSHARED = { 404: page('A page saying the video is not shared (the link was turned off, or never was).') };
