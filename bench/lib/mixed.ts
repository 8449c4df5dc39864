/**
 * The mixed read/write workload of the server benchmark (issue #13, item 8): each request is drawn at random —
 *
 *   30%  GET /api/workrequests?sort=-created, X-Range resources=0-49   (the list the app opens)
 *   30%  GET /api/workrequests?sort=created, 50 rows at a random offset (scrolling)
 *   30%  GET /api/workrequests/{id} of 2,000 ids read from the server   (opening one)
 *    5%  POST /api/comments on one of those work requests               (a write that adds records)
 *    5%  PUT /api/workrequests/{id} with If-Match: a status change      (read-modify-write in a transaction)
 *
 * The PUTs go to 200 other work requests, each lent to one connection at a time with the version the last answer's
 * ETag gave, so no two PUTs race for one record: a 409 here is a fault, counted with the errors. Any write moves
 * the store's generation, so the response cache seldom answers in this workload (as in real use while people work).
 */
import type autocannon from 'autocannon';
import type { DynamicRequest } from './autocannon';

export interface MixedPools {
  /** Work requests read and commented on. */
  readIds: string[];
  /** Work requests whose status the PUTs change, with their current version. */
  putVersions: Map<string, number>;
  total: number;
}

export interface MixedCounts {
  reads: number;
  writes: number;
  /** Writes answered 2xx. */
  writesOk: number;
  /** Answers by status other than 2xx, by kind (e.g. `PUT 409`). */
  failures: Record<string, number>;
}

const PUT_STATUSES = ['in-progress', 'submitted'] as const;

/** Who the workload acts as (a user who sees every work request and may change their status), as request headers. */
export type Caller = Record<string, string>;

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

/**
 * Reads the pools from the server: ids from 20 pages spread over the list (the same ids on every backend when the
 * data set is the same), and each PUT target's current version (its ETag `"<id>-<version>"`).
 */
export async function mixedPools(base: string, caller: Caller, total: number): Promise<MixedPools> {
  const ids: string[] = [];
  for (let k = 0; k < 22; k++) {
    const first = Math.floor((k * (total - 100)) / 22);
    const { body } = await getJson(base, caller, '/api/workrequests?sort=created', `resources=${first}-${first + 99}`);
    for (const wr of body as { _id: string }[]) ids.push(wr._id);
  }
  const readIds = ids.slice(0, 2000);
  const putVersions = new Map<string, number>();
  for (const id of ids.slice(2000, 2200)) {
    const { headers } = await getJson(base, caller, `/api/workrequests/${id}`);
    putVersions.set(id, versionOf(headers.get('etag'), id));
  }
  return { readIds, putVersions, total };
}

function versionOf(etag: string | null | undefined, id: string): number {
  const m = /^(?:W\/)?"([0-9a-f]+)-(\d+)"$/.exec(etag ?? '');
  if (!m || m[1] !== id) throw new Error(`work request ${id}: unexpected ETag ${etag}`);
  return Number(m[2]);
}

interface Pending {
  kind?: 'read' | 'comment' | 'put';
  putId?: string;
}

/** The workload as autocannon's per-request hooks, and the counts it keeps. */
export function mixedWorkload(pools: MixedPools, caller: Caller): { dynamic: DynamicRequest; counts: MixedCounts } {
  const counts: MixedCounts = { reads: 0, writes: 0, writesOk: 0, failures: {} };
  const free = [...pools.putVersions.keys()];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
  let comment = 0;
  let flip = 0;

  const read = (request: autocannon.Request, r: number): autocannon.Request => {
    if (r < 0.3)
      return {
        ...request,
        method: 'GET',
        path: '/api/workrequests?sort=-created',
        headers: { ...caller, 'X-Range': 'resources=0-49' },
      };
    if (r < 0.6) {
      const first = Math.floor(Math.random() * (pools.total - 50));
      return {
        ...request,
        method: 'GET',
        path: '/api/workrequests?sort=created',
        headers: { ...caller, 'X-Range': `resources=${first}-${first + 49}` },
      };
    }
    return { ...request, method: 'GET', path: `/api/workrequests/${pick(pools.readIds)}`, headers: caller };
  };

  const dynamic: DynamicRequest = {
    setupRequest(request, context) {
      const pending = context as Pending;
      const r = Math.random();
      if (r < 0.9) {
        pending.kind = 'read';
        return read(request, r);
      }
      if (r < 0.95) {
        pending.kind = 'comment';
        return {
          ...request,
          method: 'POST',
          path: '/api/comments',
          headers: { ...caller, 'Content-Type': 'application/json' },
          body: JSON.stringify({ workRequest: pick(pools.readIds), body: `Benchmark comment ${++comment}` }),
        };
      }
      const id = free.shift();
      if (id === undefined) {
        // Every PUT target is lent out (cannot happen with 200 targets and ≤ 200 connections): read instead.
        pending.kind = 'read';
        return read(request, Math.random() * 0.9);
      }
      pending.kind = 'put';
      pending.putId = id;
      return {
        ...request,
        method: 'PUT',
        path: `/api/workrequests/${id}`,
        headers: {
          ...caller,
          'Content-Type': 'application/json',
          'If-Match': `"${id}-${pools.putVersions.get(id)}"`,
        },
        body: JSON.stringify({ status: PUT_STATUSES[flip++ % 2], reason: 'Benchmark status change' }),
      };
    },
    onResponse(status, _body, context, headers) {
      const pending = context as Pending;
      const ok = status >= 200 && status < 300;
      if (pending.kind === 'read') counts.reads++;
      else counts.writes++;
      if (ok && pending.kind !== 'read') counts.writesOk++;
      if (!ok) {
        const key = `${pending.kind === 'read' ? 'GET' : pending.kind === 'comment' ? 'POST' : 'PUT'} ${status}`;
        counts.failures[key] = (counts.failures[key] ?? 0) + 1;
      }
      if (pending.kind === 'put' && pending.putId) {
        const id = pending.putId;
        // A PUT that failed leaves its target out: its version is no longer known.
        if (ok) {
          const etag: string | string[] | undefined = headers?.etag;
          pools.putVersions.set(id, versionOf(typeof etag === 'string' ? etag : etag?.[0], id));
          free.push(id);
        }
      }
    },
  };
  return { dynamic, counts };
}
