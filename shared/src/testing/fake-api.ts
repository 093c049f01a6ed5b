import { configureApi } from '../api';

export const TEST_API = 'http://api.test';

/**
 * `body` is sent as JSON (a string as is); `url` is the final URL after redirects (default: the request's);
 * `events` are server-sent chunks, delivered one by one, after which the stream stays open until aborted.
 */
type Reply = { status: number; body?: unknown; url?: string; events?: string[]; contentType?: string };
type Handler = (request: { body: Record<string, unknown>; url: URL; headers: Record<string, string> }) => Reply | Promise<Reply>;

export type FakeApi = {
  /** Every request made, in order: `METHOD /path` plus its JSON body. */
  calls: { route: string; url: URL; body: Record<string, unknown>; headers: Record<string, string> }[];
  on: (route: string, handler: Handler | Reply) => void;
};

/**
 * Fakes the API at the HTTP layer (window.fetch); a route may end in `*` to match a family of paths, like MSW with `onUnhandledRequest: 'error'`:
 * a request no handler answers fails the test.
 */
export function fakeApi(routes: Record<string, Handler | Reply> = {}): FakeApi {
  const handlers = new Map(Object.entries(routes));
  const calls: FakeApi['calls'] = [];
  const fetchFake = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const route = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    calls.push({ route, url, body, headers });
    const handler = handlers.get(route) ?? [...handlers].find(([key]) => key.includes('*') && wildcard(key).test(route))?.[1];
    if (!handler) throw new Error(`Unhandled request ${route}`);
    const reply = typeof handler === 'function' ? await handler({ body, url, headers }) : handler;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return {
      status: reply.status,
      ok: reply.status >= 200 && reply.status < 300,
      url: reply.url ?? url.href,
      text: async () => text,
      blob: async () => new Blob([text], { type: reply.contentType ?? 'application/octet-stream' }),
      body: eventStream(reply.events ?? [], init.signal),
    } as unknown as Response;
  };
  globalThis.fetch = fetchFake as typeof fetch;
  configureApi({ baseUrl: TEST_API });
  return { calls, on: (route, handler) => handlers.set(route, handler) };
}

/** `GET /assets/*` matches any route that starts so. */
const wildcard = (key: string) =>
  new RegExp(
    `^${key
      .split('*')
      .map((part) => part.replace(/[.?+^$()|[\]\\{}]/g, '\\$&'))
      .join('.*')}$`,
  );

/** A minimal ReadableStream body: each chunk in turn, then pending until the request is aborted. */
function eventStream(chunks: string[], signal?: AbortSignal | null) {
  const queue = chunks.map((chunk) => new TextEncoder().encode(chunk));
  return {
    cancel: async () => {},
    getReader: () => ({
      read: () =>
        queue.length
          ? Promise.resolve({ done: false, value: queue.shift() })
          : new Promise((resolve, reject) => {
              if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
              signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
            }),
      cancel: async () => {},
      releaseLock: () => {},
    }),
  };
}
