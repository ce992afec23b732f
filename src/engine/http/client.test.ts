import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, MISSING_URL, PRIVATE_WITHOUT_TOKEN, RETRYABLE_STATUSES } from './client.ts';
import { HttpError } from './errors.ts';

type Call = { url: string; init: RequestInit };

function setup(responses: Array<() => Response>, token: string | null = 'tok', cookie?: string) {
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('unexpected call');
    return next();
  });
  const sleep = vi.fn<(ms: number) => Promise<void>>(async () => undefined);
  const http = createHttpClient({
    getAccessToken: () => token,
    fetch: fetchMock as unknown as typeof fetch,
    readCookie: (name) => (name === 'XSRF-TOKEN' ? cookie : undefined),
    sleep,
  });
  const headers = (i = 0) => new Headers(calls[i].init.headers);
  return { http, calls, sleep, headers };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('http client', () => {
  it('sends JSON with Bearer and Accept, and returns the parsed body on 2xx', async () => {
    const { http, calls, headers } = setup([json(201, { id: 1 })]);
    await expect(http.post('/api/x', { a: 1 })).resolves.toEqual({ id: 1 });
    expect(calls[0].init.body).toBe('{"a":1}');
    expect(headers().get('content-type')).toBe('application/json');
    expect(headers().get('authorization')).toBe('Bearer tok');
    expect(headers().get('accept')).toBe('application/json, text/plain, */*');
  });

  it('rejects a private call without a token before sending, with 401', async () => {
    const { http, calls } = setup([], null);
    const err = await http.get('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(401);
    expect((err as HttpError).message).toBe(PRIVATE_WITHOUT_TOKEN);
    expect(calls).toHaveLength(0);
  });

  it('sends public calls without a token', async () => {
    const { http, headers } = setup([json(200, { ok: true })], null);
    await http.post('/api/auth', { login: 'a' }, { isPublic: true });
    expect(headers().has('authorization')).toBe(false);
  });

  it('rejects a call without URL', async () => {
    const { http, calls } = setup([]);
    await expect(http.get('')).rejects.toMatchObject({ status: 400, message: MISSING_URL });
    expect(calls).toHaveLength(0);
  });

  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN', async () => {
    const { http, headers } = setup([json(200, {}), json(200, {})], 'tok', 'abc 123');
    await http.get('/a');
    expect(headers().get('x-xsrf-token')).toBe('abc 123');
  });

  it('repeats array parameters', async () => {
    const { http, calls } = setup([json(200, [])]);
    await http.get('/api/list', { params: { status: ['aberto', 'pago'], page: 2, q: undefined } });
    expect(calls[0].url).toBe('/api/list?status=aberto&status=pago&page=2');
  });

  it('encodes form and multipart bodies', async () => {
    const { http, calls, headers } = setup([json(200, {}), json(200, {})]);
    await http.post('/f', { a: 'x y', b: [1, 2] }, { bodyType: 'form' });
    expect(headers(0).get('content-type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(calls[0].init.body).toBe('a=x%20y&b=1&b=2');
    await http.post('/m', { file: new Blob(['abc']), tags: ['a', 'b'] }, { bodyType: 'multipart' });
    const form = calls[1].init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.getAll('tags')).toEqual(['a', 'b']);
    expect(headers(1).has('content-type')).toBe(false);
  });

  it('treats 200–299 as success and anything else as an HttpError with status and body', async () => {
    const body = { statusCode: 400, code: 'VALIDATION', message: 'Os dados enviados são inválidos.', errors: { nome: ['obrigatório'] } };
    const { http } = setup([json(204, undefined), json(400, body), json(302, { moved: true })]);
    await expect(http.delete('/a')).resolves.toBeNull();
    const err = (await http.post('/a', {}).catch((e: unknown) => e)) as HttpError;
    expect(err.status).toBe(400);
    expect(err.message).toBe('Os dados enviados são inválidos.');
    expect(err.body).toEqual(body);
    await expect(http.post('/a', {})).rejects.toMatchObject({ status: 302 });
  });

  it('uses the status catalogue message when the body has none', async () => {
    const { http } = setup([() => new Response('boom', { status: 403 })]);
    await expect(http.post('/a')).rejects.toMatchObject({ status: 403, message: 'Você não tem permissão para realizar esta ação.', body: 'boom' });
  });

  it.each([...RETRYABLE_STATUSES])('retries GET on %i and then succeeds', async (status) => {
    const { http, calls, sleep } = setup([json(status, {}), json(200, { ok: 1 })]);
    await expect(http.get('/a')).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('gives up after the retry budget and rejects with the last status', async () => {
    const { http, calls } = setup([json(503, {}), json(503, {}), json(503, { message: 'fora' })]);
    await expect(http.get('/a')).rejects.toMatchObject({ status: 503, message: 'fora' });
    expect(calls).toHaveLength(3);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('does not retry %s by default', async (method) => {
    const { http, calls } = setup([json(503, {}), json(200, {})]);
    await expect(http.request({ url: '/a', method })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it('does not retry non-retryable statuses', async () => {
    const { http, calls } = setup([json(404, {}), json(200, {})]);
    await expect(http.get('/a')).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(1);
  });

  it('waits Retry-After seconds, but not when it is too long', async () => {
    const short = setup([json(429, {}, { 'retry-after': '2' }), json(200, {})]);
    await short.http.get('/a');
    expect(short.sleep).toHaveBeenCalledWith(2000);
    const long = setup([json(429, {}, { 'retry-after': '900' }), json(200, {})]);
    await expect(long.http.get('/a')).rejects.toMatchObject({ status: 429 });
  });

  it('has no timeout by default and maps a given timeout to 408', async () => {
    const { http, calls } = setup([json(200, {})]);
    await http.get('/a');
    expect(calls[0].init.signal).toBeUndefined();
    const slow = createHttpClient({
      getAccessToken: () => 't',
      fetch: ((_u: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as typeof fetch,
    });
    await expect(slow.get('/a', { timeoutMs: 5 })).rejects.toMatchObject({ status: 408 });
  });

  it('maps a network failure to status UNK', async () => {
    const { http } = setup([() => { throw new TypeError('Failed to fetch'); }]);
    await expect(http.post('/a')).rejects.toMatchObject({ status: 'UNK', message: 'A requisição foi interrompida.' });
  });
});

describe('query string', () => {
  it('repeats arrays, brackets nested objects, skips null and encodes values', async () => {
    const { toQueryString } = await import('./query.ts');
    expect(toQueryString({ filter: { status: { in: ['aberto', 'pago'] }, dueDate: { gte: '2026-01-01' } }, q: 'ação & cia', x: null, sort: '-a,b' })).toBe(
      'filter[status][in]=aberto&filter[status][in]=pago&filter[dueDate][gte]=2026-01-01&q=a%C3%A7%C3%A3o%20%26%20cia&sort=-a%2Cb',
    );
    expect(toQueryString({ page: 0, ok: false })).toBe('page=0&ok=false');
  });
});
