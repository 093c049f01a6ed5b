// Serves a stored object to a browser: a redirect to the bucket's presigned link where browsers can reach the bucket,
// otherwise the bytes through this API, whole or the range a player or a resumed download asks for.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, ObjectStorage } from './object-storage';
import { contentTypeOf } from './media-store';

/** How long a presigned link is good for: enough to start a download, short enough not to be worth sharing. */
const LINK_SECONDS = 300;

/** The one range of `Range: bytes=…` within an object of `size` bytes; null for the whole; 'unsatisfiable' past its end. */
export function rangeOf(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const asked = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!asked || (!asked[1] && !asked[2])) return null;
  if (!asked[1]) {
    const last = Math.min(Number(asked[2]), size);
    return last === 0 ? 'unsatisfiable' : { start: size - last, end: size - 1 };
  }
  const start = Number(asked[1]);
  const end = asked[2] ? Math.min(Number(asked[2]), size - 1) : size - 1;
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  key: string,
  { disposition, notFound }: { disposition: string; notFound: () => unknown },
) {
  const contentType = contentTypeOf(key);
  const link = await storage.downloadUrl(key, { seconds: LINK_SECONDS, disposition, contentType });
  if (link) {
    if ((await storage.sizeOf(key)) === null) return notFound();
    return reply.redirect(link, 302);
  }
  const size = await storage.sizeOf(key);
  if (size === null) return notFound();
  const range = rangeOf(request.headers.range, size);
  reply.header('accept-ranges', 'bytes').header('content-disposition', disposition);
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send();
  const opened = await storage.open(key, range ?? undefined);
  if (!opened) return notFound();
  reply.type(contentType);
  if (opened.range) {
    reply.status(206).header('content-range', `bytes ${opened.range.start}-${opened.range.end}/${opened.size}`);
    reply.header('content-length', opened.range.end - opened.range.start + 1);
  } else {
    reply.header('content-length', opened.size);
  }
  return reply.send(opened.body);
}
