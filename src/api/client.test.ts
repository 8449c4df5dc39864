import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  basicAuth,
  buildUrl,
  configureApiClient,
  isUnavailable,
  requestList,
  requestRecord,
  send,
  ANSWER_TIMEOUT_MS,
} from './client';
import { forgetEarlyGets, startEarlyGet } from './earlyRequests';
import { listWorkRequests } from './workRequests';
import { getWorkRequest } from './workRequestRecord';
import { postSession } from './session';
import { streamNotifications } from './notifications';
import { comment } from './schema/comment';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(respond: (call: Call) => Response) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: input instanceof Request ? input.url : String(input), init: init ?? {} };
    calls.push(call);
    return respond(call);
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

function header(call: Call, name: string): string | undefined {
  return new Headers(call.init.headers).get(name) ?? undefined;
}

afterEach(() => {
  configureApiClient({
    baseUrl: '/api',
    getAuthorization: () => undefined,
    onUnauthorized: () => {},
    answerTimeoutMs: ANSWER_TIMEOUT_MS,
  });
  forgetEarlyGets();
  vi.useRealTimers();
});

/** A fetch that never answers until its signal aborts (a server that took the request and went quiet). */
function silentServer() {
  const calls: Call[] = [];
  const fn = ((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: input instanceof Request ? input.url : String(input), init: init ?? {} });
    return new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  }) as typeof fetch;
  return { fn, calls };
}

describe('basicAuth', () => {
  it('encodes username:password in base64', () => {
    expect(basicAuth('admin@mws.test', 'admin-demo')).toBe(
      `Basic ${Buffer.from('admin@mws.test:admin-demo').toString('base64')}`,
    );
  });
  it('is UTF-8 safe', () => {
    expect(basicAuth('zoë', 'pässwörd')).toBe(`Basic ${Buffer.from('zoë:pässwörd', 'utf8').toString('base64')}`);
  });
});

describe('buildUrl', () => {
  it('joins base and path and drops empty query values', () => {
    expect(buildUrl('/api/', '/workrequests', { status: ['a', 'b'], q: '', project: undefined, sort: 'due' })).toBe(
      '/api/workrequests?status=a%2Cb&sort=due',
    );
    expect(buildUrl('https://mws.example.com/api', 'users/me')).toBe('https://mws.example.com/api/users/me');
  });
});

describe('headers', () => {
  it('sends Authorization, X-Requested-With and X-Range', async () => {
    const { fn, calls } = fakeFetch(() => json([], { headers: { 'Content-Range': 'resources */0' } }));
    configureApiClient({ fetch: fn, getAuthorization: () => 'Basic abc' });
    await listWorkRequests({ status: ['submitted'] }, { offset: 50, size: 50 });
    const call = calls[0]!;
    expect(call.url).toBe('/api/workrequests?status=submitted');
    expect(header(call, 'Authorization')).toBe('Basic abc');
    expect(header(call, 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(header(call, 'X-Range')).toBe('resources=50-99');
  });
  it('sends JSON bodies with a content type', async () => {
    const { fn, calls } = fakeFetch(() => json({ _id: 'c1', body: 'hi' }));
    configureApiClient({ fetch: fn });
    await requestRecord(comment, 'PUT', '/comments/c1', { body: { body: 'hi' } });
    expect(header(calls[0]!, 'Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"body":"hi"}');
  });
});

describe('lists', () => {
  it('reads the total from Content-Range and the next offset', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ _id: `w${i}` }));
    const { fn } = fakeFetch(() => json(items, { headers: { 'Content-Range': 'resources 0-49/120' } }));
    configureApiClient({ fetch: fn });
    const page = await listWorkRequests({}, { size: 50 });
    expect(page.total).toBe(120);
    expect(page.nextOffset).toBe(50);
    expect(page.items).toHaveLength(50);
  });
  it('without Content-Range, a short page is the last', async () => {
    const { fn } = fakeFetch(() => json([{ _id: 'w1' }, { _id: 'w2' }]));
    configureApiClient({ fetch: fn });
    const page = await listWorkRequests({}, { size: 50 });
    expect(page.total).toBeUndefined();
    expect(page.nextOffset).toBeUndefined();
  });
  it('one malformed record becomes an error item, the others are read', async () => {
    const { fn } = fakeFetch(() =>
      json([{ _id: 'ok1', status: 'submitted' }, { _id: 'bad', due: { date: 'soon' } }, { _id: 'ok2' }]),
    );
    configureApiClient({ fetch: fn });
    const page = await listWorkRequests({});
    expect(page.items.map((i) => i.ok)).toEqual([true, false, true]);
    const bad = page.items[1]!;
    expect(bad.ok ? undefined : bad.id).toBe('bad');
  });
  it('a body that is not a list is an invalid_response error', async () => {
    const { fn } = fakeFetch(() => json({ not: 'a list' }));
    configureApiClient({ fetch: fn });
    await expect(requestList(comment, '/comments')).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('error mapping', () => {
  it("maps the server's error body to ApiError", async () => {
    const { fn } = fakeFetch(() =>
      json({ error: { code: 'not_found', message: 'no such work request' } }, { status: 404 }),
    );
    configureApiClient({ fetch: fn });
    const error = await getWorkRequest('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'no such work request' });
  });
  it('keeps details (e.g. the current record of a 409)', async () => {
    const { fn } = fakeFetch(() =>
      json({ error: { code: 'conflict', message: 'changed', details: { current: { _id: 'x' } } } }, { status: 409 }),
    );
    configureApiClient({ fetch: fn });
    await expect(send('PUT', '/comments/x', { body: {} })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      details: { current: { _id: 'x' } },
    });
  });
  it('gives non-JSON errors a code from the status', async () => {
    const { fn } = fakeFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    configureApiClient({ fetch: fn });
    await expect(send('GET', '/x')).rejects.toMatchObject({ status: 502, code: 'http_502' });
    const missing = fakeFetch(() => new Response('Not Found', { status: 404 }));
    configureApiClient({ fetch: missing.fn });
    const error = await send('GET', '/comments').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect(isUnavailable(error)).toBe(true);
  });
  it('turns a network failure into code network', async () => {
    configureApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(send('GET', '/x')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
  it('lets aborts through as aborts', async () => {
    configureApiClient({
      fetch: async () => {
        throw new DOMException('aborted', 'AbortError');
      },
    });
    await expect(send('GET', '/x')).rejects.toMatchObject({ name: 'AbortError' });
  });
  it('a 200 that is not JSON is invalid_response', async () => {
    const { fn } = fakeFetch(() => new Response('<!doctype html>', { status: 200 }));
    configureApiClient({ fetch: fn });
    await expect(send('GET', '/x')).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('the server refusing the credentials (401, 403 account_disabled)', () => {
  it('reports a 401 on a signed-in request', async () => {
    const onUnauthorized = vi.fn();
    const { fn } = fakeFetch(() =>
      json({ error: { code: 'unauthorized', message: 'wrong username or password' } }, { status: 401 }),
    );
    configureApiClient({ fetch: fn, getAuthorization: () => 'Basic old', onUnauthorized });
    await expect(send('GET', '/users/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
  it('reports a 403 account_disabled on a signed-in request: the credentials no longer open the account', async () => {
    const onUnauthorized = vi.fn();
    const { fn } = fakeFetch(() =>
      json({ error: { code: 'account_disabled', message: 'this account is disabled' } }, { status: 403 }),
    );
    configureApiClient({ fetch: fn, getAuthorization: () => 'Basic old', onUnauthorized });
    await expect(send('GET', '/notifications')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ code: 'account_disabled' });
  });
  it('any other 403 is "not allowed to do this": the session stays', async () => {
    const onUnauthorized = vi.fn();
    let answered = 0;
    const { fn } = fakeFetch(() =>
      answered++ === 0
        ? json({ error: { code: 'forbidden', message: 'admins only' } }, { status: 403 })
        : new Response('no body', { status: 403 }),
    );
    configureApiClient({ fetch: fn, getAuthorization: () => 'Basic old', onUnauthorized });
    await expect(send('GET', '/users')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(send('GET', '/users')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
  it('the live stream refused with the stored credentials ends the session too; another 403 does not', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ getAuthorization: () => 'Basic old', onUnauthorized });
    const handlers = {
      authorization: 'Basic old',
      signal: new AbortController().signal,
      onOpen: () => {},
      onActivity: () => {},
      onNotification: () => {},
    };
    const answer = (code: string, status: number) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json({ error: { code, message: code } }, { status })),
      );
    answer('forbidden', 403);
    await expect(streamNotifications(handlers)).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    answer('unauthorized', 401);
    await expect(streamNotifications(handlers)).rejects.toMatchObject({ status: 401 });
    answer('account_disabled', 403);
    await expect(streamNotifications(handlers)).rejects.toMatchObject({ code: 'account_disabled' });
    expect(onUnauthorized.mock.calls.map(([error]) => (error as { code: string }).code)).toEqual([
      'unauthorized',
      'account_disabled',
    ]);
    // Credentials that are no longer the stored ones (signed in again meanwhile) end nothing.
    await expect(streamNotifications({ ...handlers, authorization: 'Basic older' })).rejects.toMatchObject({
      status: 403,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });
  it('a wrong password at sign-in is not a session ending', async () => {
    const onUnauthorized = vi.fn();
    const { fn, calls } = fakeFetch(() =>
      json({ error: { code: 'unauthorized', message: 'wrong username or password' } }, { status: 401 }),
    );
    configureApiClient({ fetch: fn, getAuthorization: () => undefined, onUnauthorized });
    await expect(postSession('a@b.test', 'nope')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(header(calls[0]!, 'Authorization')).toBe(basicAuth('a@b.test', 'nope'));
    expect(header(calls[0]!, 'X-Requested-With')).toBe('XMLHttpRequest');
  });
});

describe('single records', () => {
  it('salvages a record with a malformed field and lists the problem', async () => {
    const { fn } = fakeFetch(() => json({ _id: 'w1', status: 'complete', created: 'yesterday' }));
    configureApiClient({ fetch: fn });
    const checked = await getWorkRequest('w1');
    expect(checked.data.status).toBe('complete');
    expect(checked.problems).toEqual([{ path: 'created', message: expect.any(String) }]);
  });
  it('escapes ids in paths', async () => {
    const { fn, calls } = fakeFetch(() => json({ _id: 'a/b' }));
    configureApiClient({ fetch: fn });
    await getWorkRequest('a/b');
    expect(calls[0]!.url).toBe('/api/workrequests/a%2Fb');
  });
});

describe('204 No Content', () => {
  it('answers no body rather than "not JSON" (a DELETE)', async () => {
    const { fn, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    configureApiClient({ fetch: fn });
    const { json: body, response } = await send('DELETE', '/glossary/abc', { headers: { 'If-Match': 'W/"abc-2"' } });
    expect(body).toBeUndefined();
    expect(response.status).toBe(204);
    expect(header(calls[0]!, 'If-Match')).toBe('W/"abc-2"');
  });
});

describe('a server that does not begin to answer', () => {
  it('a read fails with code timeout after the answer timeout, and says to try again', async () => {
    vi.useFakeTimers();
    configureApiClient({ fetch: silentServer().fn });
    const sent = send('GET', '/workrequests');
    const failed = expect(sent).rejects.toMatchObject({
      status: 0,
      code: 'timeout',
      message: 'The server did not answer within 30 seconds. Check your connection and try again.',
    });
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS - 1);
    let settled = false;
    void sent.catch(() => undefined).finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
  });

  it('a write that timed out says it may have been saved', async () => {
    vi.useFakeTimers();
    configureApiClient({ fetch: silentServer().fn, answerTimeoutMs: 5_000 });
    const sent = send('PUT', '/workrequests/1', { body: { status: 'complete' } });
    const failed = expect(sent).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('may or may not have been saved') as unknown as string,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    await failed;
  });

  it("the caller's own cancel stays a cancel, not a timeout", async () => {
    configureApiClient({ fetch: silentServer().fn });
    const abort = new AbortController();
    const sent = send('GET', '/x', { signal: abort.signal });
    abort.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an answer that began in time is read to its end, however long its body takes', async () => {
    vi.useFakeTimers();
    let push: (() => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"ok":'));
        push = () => {
          controller.enqueue(new TextEncoder().encode('true}'));
          controller.close();
        };
      },
    });
    configureApiClient({ fetch: async () => new Response(body, { status: 200 }), answerTimeoutMs: 1_000 });
    const sent = send('GET', '/x');
    await vi.advanceTimersByTimeAsync(5_000);
    push!();
    await expect(sent).resolves.toMatchObject({ json: { ok: true } });
  });

  it("the caller's cancel still stops the reading of a body that began in time", async () => {
    configureApiClient({
      fetch: async (_input, init) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"ok":'));
              init?.signal?.addEventListener('abort', () =>
                controller.error(new DOMException('The request was aborted.', 'AbortError')),
              );
            },
          }),
        ),
    });
    const abort = new AbortController();
    const sent = send('GET', '/x', { signal: abort.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    abort.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an early GET that never answers times out too', async () => {
    vi.useFakeTimers();
    const network = silentServer();
    configureApiClient({ fetch: network.fn, answerTimeoutMs: 2_000 });
    startEarlyGet(
      '/api/x',
      { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      () => new Promise(() => undefined),
    );
    const sent = send('GET', '/x');
    const failed = expect(sent).rejects.toMatchObject({ code: 'timeout' });
    await vi.advanceTimersByTimeAsync(2_000);
    await failed;
  });
});
