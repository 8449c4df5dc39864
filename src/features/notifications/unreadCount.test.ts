/**
 * The unread counts against a small in-memory server behind the API client's fetch, with a real QueryClient:
 * arrivals and marks end in the server's count, and a burst of arrivals costs one count request.
 */
import { InfiniteQueryObserver, MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../api/client';
import type { Notification } from '../../api/schema/notification';
import { addArrival, notificationListOptions, setReadOptions, unreadCountOptions } from './queries';

interface Note {
  _id: string;
  type: string;
  read: boolean;
}

/** The notifications of one reader, newest first, answering GET and PUT /api/notifications. */
function fakeServer(initial: Note[]) {
  const notes = [...initial];
  let countRequests = 0;
  let releasePuts: (() => void) | undefined;
  let putsHeld: Promise<void> | undefined;
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://app.test');
    if (url.pathname !== '/api/notifications') throw new Error(`not served: ${url.pathname}`);
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as { _id: string; read?: boolean };
      await putsHeld;
      const note = notes.find((n) => n._id === body._id)!;
      if (body.read !== undefined) note.read = body.read;
      return json(note);
    }
    const range = /resources=(\d+)-(\d+)/.exec(new Headers(init?.headers).get('X-Range') ?? '');
    const [first, last] = range ? [Number(range[1]), Number(range[2])] : [0, 49];
    if (first === 0 && last === 0) countRequests += 1;
    const read = url.searchParams.get('read');
    const matching = notes.filter((n) => read === null || String(n.read) === read);
    const page = matching.slice(first, last + 1);
    await new Promise((r) => setTimeout(r, 5)); // the network
    init?.signal?.throwIfAborted();
    const contentRange = page.length
      ? `resources ${first}-${first + page.length - 1}/${matching.length}`
      : `resources */${matching.length}`;
    return json(page, { 'Content-Range': contentRange });
  };
  return {
    fetch,
    countRequests: () => countRequests,
    arrive: (note: Note) => notes.unshift(note),
    unread: () => notes.filter((n) => !n.read).length,
    holdPuts: () => {
      putsHeld = new Promise((resolve) => (releasePuts = resolve));
    },
    releasePuts: () => releasePuts?.(),
  };
}

const note = (id: string, read = false): Note => ({ _id: id, type: 'wr-status', read });
const asArrival = (n: Note) => n as unknown as Notification;
const tasks = (ms = 30) => new Promise((r) => setTimeout(r, ms));

/** The navigation's count observed as the badge would: every value it showed. */
function badge(client: QueryClient) {
  const shown: number[] = [];
  const observer = new QueryObserver(client, unreadCountOptions(undefined));
  const unsubscribe = observer.subscribe((result) => {
    const count = result.data?.count;
    if (count !== undefined && shown.at(-1) !== count) shown.push(count);
  });
  return { shown, unsubscribe };
}

afterEach(() => {
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('the unread counts', () => {
  it('make one count request for a burst of arrivals of one task, and show the server’s count', async () => {
    const server = fakeServer([note('n1')]);
    configureApiClient({ fetch: server.fetch });
    const client = new QueryClient();
    const { shown, unsubscribe } = badge(client);
    await vi.waitFor(() => expect(shown).toEqual([1]));
    const before = server.countRequests();
    for (let i = 2; i <= 6; i++) {
      const n = note(`n${i}`);
      server.arrive(n);
      addArrival(client, asArrival(n));
    }
    await vi.waitFor(() => {
      expect(shown).toEqual([1, 6]);
      expect(server.countRequests() - before).toBe(1);
    });
    unsubscribe();
  });

  it('an arrival while a mark is on its way: no count read before the write lands, then the server’s', async () => {
    const server = fakeServer([note('n2'), note('n1')]);
    configureApiClient({ fetch: server.fetch });
    const client = new QueryClient();
    const { shown, unsubscribe } = badge(client);
    const list = new InfiniteQueryObserver(client, notificationListOptions({}));
    const unsubscribeList = list.subscribe(() => {});
    await vi.waitFor(() => expect(shown).toEqual([2]));

    server.holdPuts();
    const marking = new MutationObserver(client, setReadOptions(client)).mutate({ ids: ['n1'], read: true });
    await vi.waitFor(() => expect(shown).toEqual([2, 1])); // the optimistic count
    const before = server.countRequests();
    const n3 = note('n3');
    server.arrive(n3);
    addArrival(client, asArrival(n3));
    // What must not happen has no event to wait for: give a count read the time it would take to start.
    await tasks();
    // Counted now, the server would say 3 (n1 not yet read): the badge would jump from 1 to 3 and back.
    expect(server.countRequests()).toBe(before);
    expect(shown).toEqual([2, 1]);

    server.releasePuts();
    await marking;
    await vi.waitFor(() => {
      expect(shown).toEqual([2, 1, 2]);
      expect(server.countRequests() - before).toBe(1);
    });
    expect(server.unread()).toBe(2);
    unsubscribe();
    unsubscribeList();
  });
});
