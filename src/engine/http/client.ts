import { HttpError } from './errors.ts';
import { toFormData, toQueryString, withQuery } from './query.ts';
import { AUTH_MESSAGES } from '../../i18n/messages.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type BodyType = 'json' | 'form' | 'multipart';

export interface RequestOptions {
  url: string;
  method?: HttpMethod;
  params?: Record<string, unknown>;
  body?: unknown;
  /** `json` (default), `form` (application/x-www-form-urlencoded) or `multipart` (uploads). */
  bodyType?: BodyType;
  /** Public calls carry no Bearer token; every other call is private. */
  isPublic?: boolean;
  headers?: Record<string, string>;
  /** No timeout unless given (spec §7). */
  timeoutMs?: number;
  /** Retries on retryable statuses; idempotent methods default to `maxRetries`, others to 0. */
  retries?: number;
  signal?: AbortSignal;
  responseType?: 'json' | 'text' | 'blob';
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

export interface HttpClientOptions {
  /** The current access token (read on every call, so a refreshed token is used at once). */
  getAccessToken: () => string | null | undefined;
  fetch?: typeof fetch;
  /** Reads a cookie; defaults to `document.cookie`. */
  readCookie?: (name: string) => string | undefined;
  sleep?: (ms: number) => Promise<void>;
  maxRetries?: number;
}

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS']);
const ACCEPT = 'application/json, text/plain, */*';
export const PRIVATE_WITHOUT_TOKEN = AUTH_MESSAGES.privateRouteWithoutToken;
export const MISSING_URL = 'A requisição não tem URL.';
/** A Retry-After longer than this is not waited for: the error goes to the screen instead. */
const MAX_RETRY_WAIT_MS = 10_000;

export interface HttpClient {
  request<T = unknown>(options: RequestOptions): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, options?: Omit<RequestOptions, 'url' | 'method'>): Promise<T>;
  post<T = unknown>(url: string, body?: unknown, options?: Omit<RequestOptions, 'url' | 'method' | 'body'>): Promise<T>;
  put<T = unknown>(url: string, body?: unknown, options?: Omit<RequestOptions, 'url' | 'method' | 'body'>): Promise<T>;
  patch<T = unknown>(url: string, body?: unknown, options?: Omit<RequestOptions, 'url' | 'method' | 'body'>): Promise<T>;
  delete<T = unknown>(url: string, body?: unknown, options?: Omit<RequestOptions, 'url' | 'method' | 'body'>): Promise<T>;
}

function documentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

function encodeBody(body: unknown, type: BodyType, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (type === 'multipart') return toFormData(body); // fetch sets the boundary itself
  if (type === 'form') {
    headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return toQueryString(body as Record<string, unknown>);
  }
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

async function parseBody(res: Response, method: HttpMethod, responseType?: RequestOptions['responseType']): Promise<unknown> {
  if (responseType === 'blob') return res.blob();
  if (method === 'HEAD' || res.status === 204 || res.status === 205) return null;
  const text = await res.text();
  if (responseType === 'text') return text;
  if (!text) return null;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function retryDelay(res: Response, attempt: number): number {
  const after = Number(res.headers.get('retry-after'));
  return Number.isFinite(after) && after > 0 ? after * 1000 : 250 * 2 ** attempt;
}

/**
 * The HTTP client of spec §7: JSON by default (also form-encoded and multipart), Bearer token on private
 * calls (401 before sending without one), XSRF-TOKEN cookie echoed as X-XSRF-TOKEN, repeated array
 * params, success = 200–299, no default timeout, retries only for idempotent methods on retryable statuses.
 * @example const http = createHttpClient({ getAccessToken: () => session.getSnapshot().accessToken });
 *          const users = await http.get('/api/identity/v1/users', { params: { page: 1 } });
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const readCookie = options.readCookie ?? documentCookie;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxRetries = options.maxRetries ?? 2;

  async function request<T>(req: RequestOptions): Promise<HttpResponse<T>> {
    if (!req.url) throw new HttpError(400, MISSING_URL);
    const method = req.method ?? 'GET';
    const headers = new Headers({ accept: ACCEPT, ...req.headers });
    if (!req.isPublic) {
      const token = options.getAccessToken();
      if (!token) throw new HttpError(401, PRIVATE_WITHOUT_TOKEN, { statusCode: 401, message: PRIVATE_WITHOUT_TOKEN });
      headers.set('authorization', `Bearer ${token}`);
    }
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('x-xsrf-token', xsrf);
    const body = encodeBody(req.body, req.bodyType ?? 'json', headers);
    const url = withQuery(req.url, req.params);
    const retries = req.retries ?? (IDEMPOTENT.has(method) ? maxRetries : 0);

    for (let attempt = 0; ; attempt++) {
      const signals = [req.signal, req.timeoutMs ? AbortSignal.timeout(req.timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
      let res: Response;
      try {
        res = await doFetch(url, { method, headers, body, credentials: 'same-origin', signal: signals.length ? AbortSignal.any(signals) : undefined });
      } catch (err) {
        const timedOut = (err as Error)?.name === 'TimeoutError';
        throw new HttpError(timedOut ? 408 : 'UNK', timedOut ? 'A requisição demorou demais para ser respondida.' : 'A requisição foi interrompida.', undefined);
      }
      if (res.status >= 200 && res.status < 300) {
        return { status: res.status, headers: res.headers, data: (await parseBody(res, method, req.responseType)) as T };
      }
      const wait = retryDelay(res, attempt);
      if (attempt < retries && RETRYABLE_STATUSES.has(res.status) && wait <= MAX_RETRY_WAIT_MS) {
        await res.body?.cancel().catch(() => undefined);
        await sleep(wait);
        continue;
      }
      throw HttpError.fromResponse(res.status, await parseBody(res, method), res.headers);
    }
  }

  const withBody = (method: HttpMethod) =>
    async <T>(url: string, body?: unknown, opts: Omit<RequestOptions, 'url' | 'method' | 'body'> = {}) =>
      (await request<T>({ ...opts, url, method, body })).data;

  return {
    request,
    get: async <T>(url: string, opts: Omit<RequestOptions, 'url' | 'method'> = {}) => (await request<T>({ ...opts, url, method: 'GET' })).data,
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    delete: withBody('DELETE'),
  };
}
