// One HTTP request to another company's API, tried again after a network error, a timeout, 408, 429 or 5xx (waiting as
// long as Retry-After asks, else a backoff that doubles), never after another 4xx. Errors never carry the request's
// headers, so an API key stays out of logs.

export type RetryOptions = {
  /** The longest one request may take. */
  requestTimeoutMs: number;
  /** Further attempts after a network error, a timeout, 408, 429 or 5xx. */
  retries: number;
  /** The first wait between attempts; it doubles up to maxWaitMs. */
  backoffMs: number;
  maxWaitMs: number;
};

export const isRetryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(response: Response) {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Why the requests gave up: the last status (none after a network error or timeout), and what was answered. */
export class GaveUp extends Error {
  constructor(
    readonly status: number | null,
    readonly body: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** `init` sent to `url` until a 2xx, whose body is returned; a GaveUp when it never comes. `name` is whose API it is. */
export async function fetchRetrying(
  name: string,
  url: string,
  init: RequestInit,
  options: RetryOptions,
): Promise<{ status: number; body: Buffer }> {
  let problem = '';
  let status: number | null = null;
  let text = '';
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(options.requestTimeoutMs) });
    } catch (error) {
      status = null;
      problem = (error as Error).name === 'TimeoutError' ? `no answer within ${options.requestTimeoutMs} ms` : (error as Error).message;
      if (attempt < options.retries) await sleep(Math.min(options.maxWaitMs, options.backoffMs * 2 ** attempt));
      continue;
    }
    const body = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
    if (response.ok) return { status: response.status, body };
    status = response.status;
    text = body.toString('utf8');
    problem = `answered ${response.status}${text ? `: ${text.slice(0, 300)}` : ''}`;
    if (!isRetryableStatus(response.status)) break;
    if (attempt < options.retries) await sleep(Math.min(options.maxWaitMs, retryAfterMs(response) ?? options.backoffMs * 2 ** attempt));
  }
  throw new GaveUp(status, text, `${name} ${problem}`);
}
