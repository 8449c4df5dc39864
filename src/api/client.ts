/**
 * The only code that speaks HTTP (but for the first page's GET started before the app ran, which it takes over:
 * earlyRequests.ts). Every request carries `Authorization: Basic …` (when signed in) and
 * `X-Requested-With`, so the server never asks the browser to show its own login dialog. Lists send
 * `X-Range` and read the total from `Content-Range`. Failures become an `ApiError` with the server's
 * `{error: {code, message, details}}` when it sent one. Bodies are checked against the contract (./parse).
 * No React here: the app configures this module once (`configureApiClient`).
 */
import type * as z from 'zod/mini';
import { errorBody } from './schema/error';
import { takeEarlyGet } from './earlyRequests';
import { listRangeHeaders, nextOffset, parseContentRange } from './range';
import { parseRecord, salvageRecord, type Checked, type Parsed } from './parse';
import { buildUrl, requestHeaders, type Query } from './request';

export { buildUrl, seg, type Query } from './request';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /**
     * The server's error code (`not_found`, `conflict`, …) or one of ours: `network`, `timeout`, `invalid_response`,
     * `http_<status>`.
     */
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * True when a collection-level extension (docs/API.md "Extensions") is missing on this deployment:
 * the route answered 404, 405 or 501. Only meaningful for routes that name no record.
 */
export function isUnavailable(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 405 || error.status === 501);
}

/** `Basic <base64(username:password)>`, UTF-8 safe. */
export function basicAuth(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

export interface ApiClientConfig {
  /** API base, e.g. `/api` or `https://mws.example.com/api`. */
  baseUrl: string;
  /** The current `Authorization` header value, if signed in. */
  getAuthorization: () => string | undefined;
  /**
   * Called when the server refuses the stored credentials themselves (not for the sign-in check itself): a 401, or a
   * 403 `account_disabled` (docs/API.md "Sign-in"). Any other 403 is "not allowed to do this", and the session stays.
   */
  onUnauthorized: (error: ApiError) => void;
  fetch: typeof fetch;
  /**
   * How long a request waits for the server's answer to begin (its status and headers) before it fails with
   * `timeout`. Reading a long answer's body is not limited: its bytes are arriving.
   */
  answerTimeoutMs: number;
}

/** A server that has not begun to answer in this long is not coming back for this request. */
export const ANSWER_TIMEOUT_MS = 30_000;

const config: ApiClientConfig = {
  baseUrl: '/api',
  getAuthorization: () => undefined,
  onUnauthorized: () => {},
  // Bound late so tests can stub globalThis.fetch.
  fetch: (...args) => globalThis.fetch(...args),
  answerTimeoutMs: ANSWER_TIMEOUT_MS,
};

export function configureApiClient(patch: Partial<ApiClientConfig>): void {
  Object.assign(config, patch);
}

export function apiBaseUrl(): string {
  return config.baseUrl;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers (e.g. X-Range). */
  headers?: Record<string, string>;
  /** An explicit Authorization header (the sign-in check uses the credentials being tried). */
  authorization?: string;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const parsed = errorBody.safeParse(payload);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(response.status, code, message, details);
  }
  return new ApiError(response.status, defaultCode(response.status), defaultMessage(response));
}

/** An answer saying the credentials no longer open the account: the session is over (see `onUnauthorized`). */
function refusesCredentials(error: ApiError): boolean {
  return error.status === 401 || (error.status === 403 && error.code === 'account_disabled');
}

/** Ends the session when `error` answered a request sent with the stored credentials and refuses them. */
function reportRefusal(error: ApiError, sentAuthorization: string | undefined): void {
  if (sentAuthorization && sentAuthorization === config.getAuthorization() && refusesCredentials(error))
    config.onUnauthorized(error);
}

/**
 * The error of a failed answer to a request made outside `send` (the live notification stream, read as a stream)
 * with `sentAuthorization`: like `send`, it ends the session when the answer refuses the stored credentials.
 */
export async function failedAnswer(response: Response, sentAuthorization: string | undefined): Promise<ApiError> {
  const error = await errorFrom(response);
  reportRefusal(error, sentAuthorization);
  return error;
}

function defaultCode(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    default:
      return `http_${status}`;
  }
}

function defaultMessage(response: Response): string {
  const text = response.statusText ? ` ${response.statusText}` : '';
  return `The server answered ${response.status}${text}.`;
}

/** `promise`, or an AbortError as soon as `signal` aborts (an early request cannot be cancelled by the caller). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** After an early request's failure: an abort stays an abort; anything else is asked of the network again. */
function rethrowAbort(network: () => Promise<Response>): (error: unknown) => Promise<Response> {
  return (error) => {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return network();
  };
}

/**
 * `start(signal)` with a signal that aborts when the caller's does, or when no answer has begun within `ms`; a
 * request that ran out of time rejects with `timedOut` (the caller's own abort stays an AbortError). The caller's
 * abort keeps following after the answer has begun: it still cancels the reading of the body.
 */
async function withAnswerTimeout(
  start: (signal: AbortSignal) => Promise<Response>,
  callerSignal: AbortSignal | undefined,
  ms: number,
  timedOut: () => Error,
): Promise<Response> {
  const controller = new AbortController();
  const follow = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) follow();
  callerSignal?.addEventListener('abort', follow, { once: true });
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    controller.abort();
  }, ms);
  try {
    return await start(controller.signal);
  } catch (error) {
    throw late ? timedOut() : error;
  } finally {
    clearTimeout(timer);
  }
}

/** The error of a request that waited too long: a write may have been done all the same. */
function timeoutError(method: string, ms: number): ApiError {
  const seconds = Math.round(ms / 1000);
  return new ApiError(
    0,
    'timeout',
    method === 'GET'
      ? `The server did not answer within ${seconds} seconds. Check your connection and try again.`
      : `The server did not answer within ${seconds} seconds: your change may or may not have been saved. Reload to see before trying again.`,
  );
}

/** Sends one request and returns the raw JSON body and the response (for headers). */
export async function send(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<{ json: unknown; response: Response }> {
  const authorization = options.authorization ?? config.getAuthorization();
  const headers = requestHeaders(authorization, options.headers);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(config.baseUrl, path, options.query);
  let response: Response;
  try {
    response = await withAnswerTimeout(
      (signal) => {
        const network = () => config.fetch(url, { method, headers, body, signal });
        // The same GET started before the app ran (earlyRequests.ts) is taken once; if it failed, ask the network.
        const early = method === 'GET' && body === undefined ? takeEarlyGet(url, headers) : undefined;
        return early ? untilAborted(early, signal).catch(rethrowAbort(network)) : network();
      },
      options.signal,
      config.answerTimeoutMs,
      () => timeoutError(method, config.answerTimeoutMs),
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (isApiError(error)) throw error;
    throw new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const error = await errorFrom(response);
    if (options.authorization === undefined) reportRefusal(error, authorization);
    throw error;
  }
  // 204 No Content (a DELETE): nothing to read.
  if (response.status === 204) return { json: undefined, response };
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error; // cancelled while reading
    throw new ApiError(response.status, 'invalid_response', `The server's answer to ${method} ${path} was not JSON.`);
  }
  return { json, response };
}

/** One record, checked leniently: fields of the wrong type are left out and listed in `problems`. */
export async function requestRecord<S extends z.ZodMiniType>(
  schema: S,
  method: string,
  path: string,
  options?: RequestOptions,
): Promise<Checked<z.infer<S>>> {
  const { json } = await send(method, path, options);
  const checked = salvageRecord(schema, json);
  if (!checked) {
    throw new ApiError(200, 'invalid_response', `The server's answer to ${method} ${path} is not a record.`);
  }
  return checked;
}

export interface ListPage<T> {
  items: Parsed<T>[];
  offset: number;
  /** From Content-Range; undefined when the deployment sends none. */
  total: number | undefined;
  /** Where the next page starts; undefined on the last page. */
  nextOffset: number | undefined;
}

export interface ListOptions {
  offset?: number;
  size?: number;
  query?: Query;
  signal?: AbortSignal;
}

/** A page of a list operation: `X-Range` out, `Content-Range` in, each item checked on its own. */
export async function requestList<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  options: ListOptions = {},
): Promise<ListPage<z.infer<S>>> {
  const offset = options.offset ?? 0;
  const size = options.size ?? 50;
  const { json, response } = await send('GET', path, {
    query: options.query,
    signal: options.signal,
    headers: listRangeHeaders(offset, size),
  });
  if (!Array.isArray(json)) {
    throw new ApiError(response.status, 'invalid_response', `The server's answer to GET ${path} is not a list.`);
  }
  const total = parseContentRange(response.headers.get('Content-Range'))?.total;
  return {
    items: json.map((raw) => parseRecord(schema, raw)),
    offset,
    total,
    nextOffset: nextOffset(offset, size, json.length, total),
  };
}
