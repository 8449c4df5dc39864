/**
 * The first page's GET, started before the app has loaded (src/app/earlyRequest.ts, a small script index.html runs
 * before the entry), handed over to the API client for the identical request: same URL and the very same headers,
 * so never for another user's credentials or another page size. Each is handed over once, only while fresh; then
 * forgotten, as all of them are when the session ends. A failed one is the client's to ask again (client.ts).
 * Keyed by URL and credentials, not by the app's query keys.
 */
import type { Query } from './request';

/** What an early GET asks for: the API path, its query and its own headers (the client adds the common ones). */
export interface EarlyGet {
  path: string;
  query?: Query;
  headers?: Record<string, string>;
}

interface Started {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
  at: number;
}

/** An answer older than this is not handed over (the page asks anew): a start-up slower than this is rare. */
export const EARLY_MAX_AGE_MS = 30_000;

let started: Started[] = [];
/**
 * The client has asked for something already: an early script that runs only now (it is async, so it may arrive after
 * the app's entry, e.g. from a slower connection) would only send a duplicate.
 */
let clientAsked = false;

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/** Sends `GET url` now and keeps the answer for the client. */
export function startEarlyGet(
  url: string,
  headers: Record<string, string>,
  fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a),
): void {
  if (clientAsked) return;
  const response = fetchImpl(url, { method: 'GET', headers });
  response.catch(() => undefined); // a failure is seen by whoever takes it (and then asks again), or by no one
  started.push({ url, headers: { ...headers }, response, at: Date.now() });
}

/** The early answer to exactly this GET, once; undefined when there is none (or it is stale). */
export function takeEarlyGet(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  clientAsked = true;
  const now = Date.now();
  started = started.filter((s) => now - s.at <= EARLY_MAX_AGE_MS);
  const index = started.findIndex((s) => s.url === url && sameHeaders(s.headers, headers));
  if (index < 0) return undefined;
  const [taken] = started.splice(index, 1);
  return taken!.response;
}

/** The session ended: no early answer may be used any more. */
export function forgetEarlyGets(): void {
  started = [];
  clientAsked = false;
}
