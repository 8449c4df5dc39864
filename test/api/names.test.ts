/**
 * People read names, never codes (docs/API.md, "Names"): language and territory filters take
 * comma lists (what a name or prefix stands for), status-change titles name the status in words, the translation
 * list names its order's territory, and the automation queue holds open requests only (one definition of "open").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_STATUSES } from '../../src/api/schema/workRequestRow';
import { startServer, call, DEMO, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const totalOf = (res: { headers: Headers }) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);

async function list(path: string): Promise<{ items: Rec[]; total: number; status: number; body: Rec }> {
  const res = await call(server, 'GET', path, { as: DEMO.admin, headers: { 'X-Range': 'resources=0-99' } });
  return { items: Array.isArray(res.body) ? res.body : [], total: totalOf(res), status: res.status, body: res.body };
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe('language and territory filters take comma lists', () => {
  it('language=fr-FR,fr-CA is either language: the sum of each, and nothing else', async () => {
    const fr = await list('/api/workrequests?language=fr-FR');
    const ca = await list('/api/workrequests?language=fr-CA');
    const both = await list('/api/workrequests?language=fr-FR,fr-CA');
    expect(fr.total).toBeGreaterThan(0);
    expect(ca.total).toBeGreaterThan(0);
    expect(both.total).toBe(fr.total + ca.total);
    expect(new Set(both.items.map((w) => w.language))).toEqual(new Set(['fr-FR', 'fr-CA']));
    // Spaces and repeats do not matter.
    expect((await list('/api/workrequests?language=%20fr-FR%20,fr-CA,fr-FR')).total).toBe(both.total);
  });
  it('territory=FR,CA likewise, combined with other filters', async () => {
    const fr = await list('/api/workrequests?territory=FR&status=in-progress');
    const ca = await list('/api/workrequests?territory=CA&status=in-progress');
    const both = await list('/api/workrequests?territory=FR,CA&status=in-progress');
    expect(both.total).toBe(fr.total + ca.total);
    for (const w of both.items) {
      expect(['FR', 'CA']).toContain(w.territory);
      expect(w.status).toBe('in-progress');
    }
  });
  it('refuses more than 100 values with a 400 naming the field', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `x${i}`).join(',');
    const res = await list(`/api/workrequests?language=${many}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^language: at most 100 values/);
  });
});

describe('names in what the server writes and lists', () => {
  it('a status change’s notification title names the status in words ("to For review")', async () => {
    const inProgress = await list('/api/workrequests?status=in-progress');
    const wr = inProgress.items[0]!;
    const moved = await call(server, 'PUT', `/api/workrequests/${wr._id}`, {
      as: DEMO.admin,
      body: { status: 'for-review', reason: 'Ready for review' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const inbox = await call(server, 'GET', '/api/notifications?type=wr-status', {
      as: DEMO.coordinator,
      headers: { 'X-Range': 'resources=0-99' },
    });
    const mine = inbox.body.filter((n: Rec) => n.event?.workRequest?._id === wr._id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0].title).toMatch(/ to For review$/);
    expect(mine[0].emailSubject).toBe(mine[0].title);
  });
  it('the translation list names each order’s territory beside its asset and status', async () => {
    const translations = await list('/api/translations');
    const withOrder = translations.items.filter((t) => t.workRequest);
    expect(withOrder.length).toBeGreaterThan(0);
    for (const t of withOrder.slice(0, 10)) {
      const wr = (await call(server, 'GET', `/api/workrequests/${t.workRequest}`, { as: DEMO.admin })).body;
      expect(t.workRequestTerritory).toBe(wr.territory);
      expect(t.assetName).toBe(wr.asset.name);
    }
  });
  it('the automation queue holds open requests only: never approved, rejected, complete or cancelled', async () => {
    const all: Rec[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await call(server, 'GET', '/api/workrequests/automateJob', {
        as: DEMO.admin,
        headers: { 'X-Range': `resources=${offset}-${offset + 99}` },
      });
      all.push(...res.body);
      if (res.body.length < 100) break;
    }
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((w) => CLOSED_STATUSES.includes(w.status))).toEqual([]);
    // Approved automated requests exist, and stay out.
    const approved = await list('/api/workrequests?status=approved');
    expect(approved.items.some((w) => w.auto || w.autosubs)).toBe(true);
  });
});
