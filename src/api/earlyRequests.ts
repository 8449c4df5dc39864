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
  /**
   * A GET the answer names, started as soon as the answer's body is read (the editor's transcription, named by its
   * work request), instead of after the app has validated the answer: the body is read, not checked, so a body that
   * does not name one starts nothing. Undefined: nothing to follow.
   */
  next?: (body: unknown) => EarlyGet | undefined;
}

/** A GET to start early, as sent: its URL and headers, and the one its answer names (EarlyGet.next). */
export interface EarlySend {
  url: string;
  headers: Record<string, string>;
  next?: (body: unknown) => EarlySend | undefined;
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
/**
 * The URLs the client has asked for while a follow-up is undecided (a follow-up GET for one of them would be a
 * duplicate), and how many are undecided: the set is kept only while one is, so it does not grow with the session.
 */
let askedUrls = new Set<string>();
let undecided = 0;
/** Bumped when the session ends, so a follow-up of an answer from before then starts nothing. */
let generation = 0;

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/** Sends `GET url` now and keeps the answer for the client; then the GET the answer names, if any (EarlyGet.next). */
export function startEarlyGet(
  url: string,
  headers: Record<string, string>,
  fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a),
  next?: EarlySend['next'],
): void {
  if (clientAsked) return;
  send({ url, headers, next }, fetchImpl);
}

function send(get: EarlySend, fetchImpl: typeof fetch): void {
  const response = fetchImpl(get.url, { method: 'GET', headers: get.headers });
  response.catch(() => undefined); // a failure is seen by whoever takes it (and then asks again), or by no one
  started.push({ url: get.url, headers: { ...get.headers }, response, at: Date.now() });
  if (get.next) void follow(response, get.next, fetchImpl);
}

/**
 * Starts the GET a successful answer names, unless the client has asked for it already (it read the answer first)
 * or the session has ended. The body is read from a copy: the client reads and validates the answer itself.
 */
async function follow(response: Promise<Response>, next: NonNullable<EarlySend['next']>, fetchImpl: typeof fetch) {
  const at = generation;
  undecided++;
  try {
    const answer = await response;
    if (!answer.ok) return;
    const get = next(await answer.clone().json());
    if (get && at === generation && !askedUrls.has(get.url)) send(get, fetchImpl);
  } catch {
    // no answer or no JSON: the client sees the same and reports it
  } finally {
    if (at === generation && --undecided === 0) askedUrls = new Set();
  }
}

/** The early answer to exactly this GET, once; undefined when there is none (or it is stale). */
export function takeEarlyGet(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  clientAsked = true;
  if (undecided > 0) askedUrls.add(url);
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
  askedUrls = new Set();
  undecided = 0;
  generation++;
}
