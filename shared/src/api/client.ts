import { camelKeys, snakeKeys } from './case';

/** A failed call: the response body's fields plus its status (SPEC §7, §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, { key: string; params: Record<string, string>; message: string }>;
  readonly retryAfterSeconds?: number;
  /** Which allowance a `quota_exceeded` is about (`custom_voices`, `video_seconds`, …). */
  readonly metric?: string;
  /** Why a `script_refused` script was refused (`blocked_term`, `hate`, …). */
  readonly category?: string;
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body.message === 'string' ? body.message : `Request failed with status ${status}`);
    this.status = status;
    this.body = body;
    this.code = typeof body.code === 'string' ? body.code : status === 0 ? 'network_error' : 'unknown';
    this.fields = body.fields as ApiError['fields'];
    this.retryAfterSeconds = typeof body.retry_after_seconds === 'number' ? body.retry_after_seconds : undefined;
    this.metric = typeof body.metric === 'string' ? body.metric : undefined;
    this.category = typeof body.category === 'string' ? body.category : undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type ClientOptions = {
  baseUrl: string;
  /** The bearer token: the stored user's, else the current user's. */
  getToken: () => string | null | undefined;
  onUnauthorized: () => void;
};

type Listener = (pending: number) => void;

const SUCCESS = new Set([200, 201, 202, 204]);

let options: ClientOptions = { baseUrl: '', getToken: () => null, onUnauthorized: () => {} };
let pending = 0;
const listeners = new Set<Listener>();

const setPending = (delta: number) => {
  pending += delta;
  listeners.forEach((listener) => listener(pending));
};

export function configureApi(next: Partial<ClientOptions>) {
  options = { ...options, ...next };
}

export const apiBaseUrl = () => options.baseUrl;

/** Subscribes to the number of requests in flight (the global loading indicator). */
export function onPendingRequests(listener: Listener): () => void {
  listeners.add(listener);
  listener(pending);
  return () => listeners.delete(listener);
}

type Query = Record<string, string | number | boolean | undefined | null>;

type Init = { payload?: unknown; signal?: AbortSignal; accept?: string };

/** The bearer header for calls made outside this client (resumable uploads). */
export function authHeaders(): Record<string, string> {
  const token = options.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Sends one call and hands the successful response to `read`; failures become ApiError, a 401 logs out.
 * The request counts as pending until `read` is done.
 */
async function send<T>(
  method: string,
  path: string,
  { payload, signal, accept = 'application/json' }: Init,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  let url = `${options.baseUrl}${path}`;
  const headers: Record<string, string> = { Accept: accept, ...authHeaders() };
  const init: RequestInit = { method, headers, signal };
  if (method === 'GET' && payload) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(snakeKeys(payload) as Query)) {
      if (value !== undefined && value !== null) query.set(key, String(value));
    }
    if ([...query].length) url += `?${query}`;
  } else if (payload !== undefined) {
    init.body = JSON.stringify(snakeKeys(payload));
    headers['Content-Type'] = 'application/json';
  }

  setPending(1);
  try {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, { code: 'network_error' });
    }
    if (SUCCESS.has(response.status)) return await read(response);
    const text = await response.text();
    const body = text ? safeJson(text) : {};
    if (response.status === 401) options.onUnauthorized();
    throw new ApiError(response.status, body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});
  } finally {
    setPending(-1);
  }
}

const readJson = async <T>(response: Response): Promise<T> => {
  if (response.status === 204) return {} as T;
  const text = await response.text();
  return camelKeys(text ? safeJson(text) : {}) as T;
};

const request = <T>(method: string, path: string, payload?: unknown, signal?: AbortSignal) =>
  send(method, path, { payload, signal }, (response) => readJson<T>(response));

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

export const api = {
  get: <T>(path: string, query?: object, signal?: AbortSignal) => request<T>('GET', path, query, signal),
  post: <T>(path: string, body?: object) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: object) => request<T>('PUT', path, body ?? {}),
  delete: <T>(path: string, body?: object) => request<T>('DELETE', path, body),
  /** A binary answer (audio, images) to a JSON request. */
  blob: (method: 'GET' | 'POST', path: string, body?: object, signal?: AbortSignal) =>
    send(method, path, { payload: body ?? (method === 'POST' ? {} : undefined), signal, accept: '*/*' }, (response) => response.blob()),
  /** The response itself, once its headers arrive: for streams read by the caller (server-sent events). */
  open: (path: string, signal: AbortSignal, accept = 'text/event-stream') =>
    send('GET', path, { signal, accept }, async (response) => response),
  /**
   * The final URL of an asset (GET /assets/...), after the API's redirect to a short-lived signed address:
   * the source for an image, a player or a download. The body is not read.
   */
  assetUrl: (path: string, signal?: AbortSignal) =>
    send('GET', path, { signal, accept: '*/*' }, async (response) => {
      void response.body?.cancel().catch(() => {});
      return response.url;
    }),
};
