/**
 * The mixed read/write workload of the server benchmark (docs/BENCHMARKS.md, "The mixed workload"): each request is
 * drawn at random —
 *
 *   45%  list pages: half GET /api/workrequests?sort=-created, X-Range resources=0-49 (the list the app opens),
 *        half GET /api/workrequests?sort=created, 50 rows at a random offset (scrolling, a jump to any row)
 *   45%  GET /api/workrequests/{id} of 2,000 ids read from the server   (opening one)
 *   10%  writes, a third each:
 *        POST /api/comments on one of those work requests               (a write that adds records)
 *        PUT /api/workrequests/{id} with If-Match: a status change      (read-modify-write in a transaction)
 *        PUT /api/translations/{id} with If-Match: the lines, one edited (the editor's save)
 *
 * The PUTs go to 200 other work requests (in progress or awaiting materials: they move between the two) and up to
 * 100 translations, each lent to one connection at a time with the
 * version the last answer's ETag gave, so no two PUTs race for one record: a 409 here is a fault, counted with the
 * errors. A write voids the cached answers that read what it wrote (server/http/responseCache.ts): every list of work
 * requests at each status change or translation save, the one work request written, not the others; the cache's
 * `X-Cache: hit|miss` header is counted per kind.
 *
 * Every request says `Accept-Encoding: gzip, br`, as a browser does. Each kind's latency is timed here, from the
 * request being built (autocannon builds a connection's next request just before writing it) to its whole answer;
 * a request never answered has no time (autocannon counts it as an error or time-out).
 */
import type autocannon from 'autocannon';
import type { DynamicRequest } from './autocannon';

export interface MixedPools {
  /** Work requests read and commented on. */
  readIds: string[];
  /** Work requests whose status the PUTs change, with their current version and status. */
  putVersions: Map<string, { version: number; status: MovingStatus }>;
  /** Translations the saves write, with their current version and lines. */
  translations: Map<string, { version: number; lines: Record<string, unknown>[] }>;
  total: number;
}

export const KINDS = ['list', 'record', 'write'] as const;
export type Kind = (typeof KINDS)[number];

/** One kind's answers: latencies (ms, in order of arrival) and what the response cache said. */
export interface KindStats {
  latencies: number[];
  /** Answers by `X-Cache`: hit, miss, or none (not cacheable, or the cache is off). */
  cache: { hit: number; miss: number; none: number };
}

export interface MixedCounts {
  reads: number;
  writes: number;
  /** Writes answered 2xx. */
  writesOk: number;
  /** Answers by status other than 2xx, by kind (e.g. `PUT status 409`). */
  failures: Record<string, number>;
  /** Writes made, by what they were. */
  writeKinds: Record<'comment' | 'status' | 'translation', number>;
  kinds: Record<Kind, KindStats>;
}

/** A kind's numbers over a run of `seconds`: answers per second and percentiles (nearest rank over every answer). */
export interface KindSummary {
  count: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  hitRate?: number;
  cache: KindStats['cache'];
}

/**
 * The status changes go back and forth between two statuses the workflow links both ways for a coordinator
 * (src/api/schema/workflow.ts), so every one is allowed: a 409 is a fault.
 */
const MOVING_STATUSES = ['in-progress', 'awaiting-materials'] as const;
type MovingStatus = (typeof MOVING_STATUSES)[number];
const isMoving = (s: unknown): s is MovingStatus => (MOVING_STATUSES as readonly unknown[]).includes(s);
/** Saves are made to translations of a size a translator edits in one sitting. */
const MAX_SAVED_LINES = 250;

/** Who the workload acts as (a user who sees every work request and may change their status), as request headers. */
export type Caller = Record<string, string>;

/** What a browser says it accepts (API answers are compressed: docs/decisions/117). */
export const ACCEPT_ENCODING = { 'Accept-Encoding': 'gzip, br' };

async function getJson(
  base: string,
  caller: Caller,
  path: string,
  range?: string,
): Promise<{ body: unknown; headers: Headers }> {
  const res = await fetch(base + path, { headers: { ...caller, ...(range ? { 'X-Range': range } : {}) } });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return { body: await res.json(), headers: res.headers };
}

/** How many work requests the caller's list holds (its `Content-Range` total). */
export async function workRequestTotal(base: string, caller: Caller): Promise<number> {
  const res = await fetch(`${base}/api/workrequests`, { headers: { ...caller, 'X-Range': 'resources=0-0' } });
  return Number(res.headers.get('content-range')?.split('/')[1]);
}

/**
 * Reads the pools from the server: ids from 40 pages spread over the list (the same ids on every backend when the
 * data set is the same), each PUT target's current version (its ETag `"<id>-<version>"`), and the translations
 * saved: incomplete ones of at most 250 lines, by creation, with their lines.
 */
export async function mixedPools(base: string, caller: Caller, total: number): Promise<MixedPools> {
  const listed: { _id: string; status?: string }[] = [];
  for (let k = 0; k < 40; k++) {
    const first = Math.floor((k * (total - 100)) / 40);
    const { body } = await getJson(base, caller, '/api/workrequests?sort=created', `resources=${first}-${first + 99}`);
    listed.push(...(body as { _id: string; status?: string }[]));
  }
  const readIds = listed.slice(0, 2000).map((wr) => wr._id);
  const putVersions: MixedPools['putVersions'] = new Map();
  for (const wr of listed
    .slice(2000)
    .filter((w) => isMoving(w.status))
    .slice(0, 200)) {
    const { body, headers } = await getJson(base, caller, `/api/workrequests/${wr._id}`);
    const status = (body as { status?: unknown }).status;
    if (isMoving(status)) putVersions.set(wr._id, { version: versionOf(headers.get('etag'), wr._id), status });
  }
  if (putVersions.size < 100) throw new Error(`mixed workload: only ${putVersions.size} work requests to move`);
  const translations: MixedPools['translations'] = new Map();
  const { body: translationList } = await getJson(base, caller, '/api/translations', 'resources=0-399');
  const chosen = (translationList as { _id: string; status?: string; lineCount?: number }[])
    .filter((t) => t.status === 'incomplete' && (t.lineCount ?? 0) > 0 && (t.lineCount ?? 0) <= MAX_SAVED_LINES)
    .slice(0, 100);
  for (const t of chosen) {
    const { body, headers } = await getJson(base, caller, `/api/translations/${t._id}`);
    const lines = (body as { lines: Record<string, unknown>[] }).lines;
    translations.set(t._id, { version: versionOf(headers.get('etag'), t._id), lines });
  }
  if (translations.size === 0) throw new Error('mixed workload: no incomplete translation to save');
  return { readIds, putVersions, translations, total };
}

function versionOf(etag: string | null | undefined, id: string): number {
  const m = /^(?:W\/)?"([0-9a-f]+)-(\d+)"$/.exec(etag ?? '');
  if (!m || m[1] !== id) throw new Error(`record ${id}: unexpected ETag ${etag}`);
  return Number(m[2]);
}

/** A header of an answer as autocannon gives them (raw names, as the server wrote them), by name in any case. */
function headerOf(headers: autocannon.Request['headers'], name: string): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name);
  const value: unknown = entry?.[1];
  return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined;
}

/** How the errors name each kind of request. */
const WHAT: Record<NonNullable<Pending['kind']>, string> = {
  'read-list': 'GET list',
  'read-record': 'GET record',
  comment: 'POST comment',
  status: 'PUT status',
  translation: 'PUT translation',
};

interface Pending {
  kind?: 'read-list' | 'read-record' | 'comment' | 'status' | 'translation';
  /** The record a PUT writes, lent to this connection until its answer. */
  putId?: string;
  started?: number;
}

/** Percentile by nearest rank: the smallest value with at least `p`% of the values at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarizeKind(stats: KindStats, seconds: number): KindSummary {
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  const { hit, miss } = stats.cache;
  return {
    count: sorted.length,
    rps: Math.round(sorted.length / seconds),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    ...(hit + miss ? { hitRate: hit / (hit + miss) } : {}),
    cache: stats.cache,
  };
}

/** The workload as autocannon's per-request hooks, and the counts it keeps. */
export function mixedWorkload(
  pools: MixedPools,
  caller: Caller,
  /** Every read a list page (half first pages, half random offsets), for a profile of lists alone; writes stay. */
  options: { listsOnly?: boolean } = {},
): { dynamic: DynamicRequest; counts: MixedCounts } {
  const kindStats = (): KindStats => ({ latencies: [], cache: { hit: 0, miss: 0, none: 0 } });
  const counts: MixedCounts = {
    reads: 0,
    writes: 0,
    writesOk: 0,
    failures: {},
    writeKinds: { comment: 0, status: 0, translation: 0 },
    kinds: { list: kindStats(), record: kindStats(), write: kindStats() },
  };
  const headers = { ...caller, ...ACCEPT_ENCODING };
  const freeWorkRequests = [...pools.putVersions.keys()];
  const freeTranslations = [...pools.translations.keys()];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
  let comment = 0;
  let save = 0;

  const read = (request: autocannon.Request, pending: Pending, r: number): autocannon.Request => {
    if (r < 0.45 || options.listsOnly) {
      pending.kind = 'read-list';
      const firstPage = options.listsOnly ? Math.random() < 0.5 : r < 0.225;
      const first = firstPage ? 0 : Math.floor(Math.random() * (pools.total - 50));
      return {
        ...request,
        method: 'GET',
        path: first === 0 ? '/api/workrequests?sort=-created' : '/api/workrequests?sort=created',
        headers: { ...headers, 'X-Range': `resources=${first}-${first + 49}` },
      };
    }
    pending.kind = 'read-record';
    return { ...request, method: 'GET', path: `/api/workrequests/${pick(pools.readIds)}`, headers };
  };

  const statusChange = (request: autocannon.Request, pending: Pending, id: string): autocannon.Request => {
    pending.kind = 'status';
    pending.putId = id;
    const target = pools.putVersions.get(id)!;
    const status = target.status === 'in-progress' ? 'awaiting-materials' : 'in-progress';
    return {
      ...request,
      method: 'PUT',
      path: `/api/workrequests/${id}`,
      headers: { ...headers, 'Content-Type': 'application/json', 'If-Match': `"${id}-${target.version}"` },
      body: JSON.stringify({ status, reason: 'Benchmark status change' }),
    };
  };

  const translationSave = (request: autocannon.Request, pending: Pending, id: string): autocannon.Request => {
    pending.kind = 'translation';
    pending.putId = id;
    const t = pools.translations.get(id)!;
    // One line edited, as a save from the editor after typing: the line's text with a counter.
    const k = save++ % t.lines.length;
    const lines = t.lines.map((line, i) => (i === k ? { ...line, text: `Benchmark save ${save}` } : line));
    return {
      ...request,
      method: 'PUT',
      path: `/api/translations/${id}`,
      headers: { ...headers, 'Content-Type': 'application/json', 'If-Match': `"${id}-${t.version}"` },
      body: JSON.stringify({ lines }),
    };
  };

  const dynamic: DynamicRequest = {
    setupRequest(request, context) {
      const pending = context as Pending;
      pending.started = performance.now();
      const r = Math.random();
      if (r < 0.9) return read(request, pending, r);
      if (r < 0.9 + 0.1 / 3) {
        pending.kind = 'comment';
        return {
          ...request,
          method: 'POST',
          path: '/api/comments',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ workRequest: pick(pools.readIds), body: `Benchmark comment ${++comment}` }),
        };
      }
      // A PUT target each connection holds alone (200 work requests, up to 100 translations, 50 connections): when
      // every one is lent out, a read instead.
      const id = r < 0.9 + 0.2 / 3 ? freeWorkRequests.shift() : freeTranslations.shift();
      if (id === undefined) return read(request, pending, Math.random() * 0.9);
      return r < 0.9 + 0.2 / 3 ? statusChange(request, pending, id) : translationSave(request, pending, id);
    },
    onResponse(status, _body, context, answerHeaders) {
      const pending = context as Pending;
      const ok = status >= 200 && status < 300;
      const isRead = pending.kind === 'read-list' || pending.kind === 'read-record';
      const kind: Kind = pending.kind === 'read-list' ? 'list' : pending.kind === 'read-record' ? 'record' : 'write';
      if (pending.started !== undefined) counts.kinds[kind].latencies.push(performance.now() - pending.started);
      const cache = headerOf(answerHeaders, 'x-cache');
      const seen = cache === 'hit' || cache === 'miss' ? cache : 'none';
      counts.kinds[kind].cache[seen]++;
      if (isRead) counts.reads++;
      else {
        counts.writes++;
        counts.writeKinds[pending.kind as keyof MixedCounts['writeKinds']]++;
      }
      if (ok && !isRead) counts.writesOk++;
      if (!ok) {
        const key = `${WHAT[pending.kind ?? 'read-record']} ${status}`;
        counts.failures[key] = (counts.failures[key] ?? 0) + 1;
      }
      const id = pending.putId;
      if (!id) return;
      // A PUT that failed leaves its target out: its version is no longer known.
      if (!ok) return;
      const version = versionOf(headerOf(answerHeaders, 'etag'), id);
      if (pending.kind === 'status') {
        const target = pools.putVersions.get(id)!;
        target.version = version;
        target.status = target.status === 'in-progress' ? 'awaiting-materials' : 'in-progress';
        freeWorkRequests.push(id);
      } else {
        pools.translations.get(id)!.version = version;
        freeTranslations.push(id);
      }
    },
  };
  return { dynamic, counts };
}
