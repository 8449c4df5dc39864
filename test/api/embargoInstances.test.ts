/**
 * Embargo lifts by time with two instances on one PostgreSQL database (docs/API.md "Embargoes"): each instance runs
 * the lift sweep, and each lift is claimed in the database, so every person concerned is told exactly once. Skipped
 * without a reachable PostgreSQL, saying so (describeWithPostgres).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../../server/storage/postgres/testDatabase';
import { DEMO, call, startServer, throwawayDatabase, type Account, type TestServer } from '../support/server';
import { waitFor } from '../support/balancer';
import { grantDownload } from '../support/catalog';

const nowS = () => Math.floor(Date.now() / 1000);

await describeWithPostgres('embargo lifts with two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await throwawayDatabase();
    // Both sweep often, so their rounds meet on the same lifts.
    a = await startServer({ DATABASE_URL: database.url, EMBARGO_SWEEP_SECONDS: '0.1' });
    b = await startServer({ DATABASE_URL: database.url, EMBARGO_SWEEP_SECONDS: '0.1' });
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  /** The `embargo` notifications a person has about each of these files. */
  async function toldAbout(as: Account, fileIds: string[]): Promise<Map<string, number>> {
    const res = await call(a, 'GET', '/api/notifications?type=embargo', {
      as,
      headers: { 'X-Range': 'resources=0-499' },
    });
    const counts = new Map(fileIds.map((id) => [id, 0]));
    for (const n of res.body as { event: { assets: { file?: string }[] } }[]) {
      const file = n.event.assets[0]?.file;
      if (file && counts.has(file)) counts.set(file, counts.get(file)! + 1);
    }
    return counts;
  }

  /**
   * Puts each file under an embargo ending `seconds` after it is set (each its own end: a loaded machine may take
   * seconds over the loop), through both instances, and the translator asks for each.
   */
  async function embargo(fileIds: string[], seconds: number) {
    for (const [i, id] of fileIds.entries()) {
      const via = i % 2 === 0 ? a : b;
      const put = await call(via, 'PUT', `/api/files/${id}`, {
        as: DEMO.admin,
        body: { embargo: { event: false, end: nowS() + seconds } },
      });
      expect(put.status).toBe(200);
      const asked = await call(via, 'POST', `/api/files/${id}/accessRequests`, { as: DEMO.translator });
      expect(asked.status).toBe(201);
    }
  }

  it('each lift by time is told once to each person, whichever instance claims it', async () => {
    const assets = await call(a, 'GET', '/api/assets/countByProject', {
      as: DEMO.coordinator,
      headers: { 'X-Range': 'resources=0-30' },
    });
    const fileIds: string[] = [];
    const chosen: Parameters<typeof grantDownload>[3] = [];
    for (const asset of assets.body as (Parameters<typeof grantDownload>[3][number] & { $embargo: boolean })[]) {
      if (asset.$embargo) continue;
      const files = await call(a, 'GET', `/api/files?asset=${asset._id}`, { as: DEMO.coordinator });
      const free = (files.body as { _id: string; $embargo?: unknown }[]).find((f) => !f.$embargo);
      if (free) {
        fileIds.push(free._id);
        chosen.push(asset);
      }
      if (fileIds.length === 7) break;
    }
    expect(fileIds).toHaveLength(7);
    // The translator (not staff) may download them, so the embargo holds them and they may ask.
    const me = (await call(a, 'GET', '/api/users/me', { as: DEMO.translator })).body;
    await grantDownload(a, DEMO.admin, { _id: me._id, name: me.name, emailNormal: me.emailNormal }, chosen);
    const [marker, ...lifted] = fileIds as [string, ...string[]];
    await embargo(lifted, 3);
    for (const as of [DEMO.coordinator, DEMO.translator]) {
      await waitFor(
        'every lift is told',
        async () => ([...(await toldAbout(as, lifted)).values()].every((n) => n >= 1) ? true : undefined),
        20_000,
      );
    }
    // A marker lift later: once it is told, both instances have swept many rounds past the first lifts.
    await embargo([marker], 3);
    await waitFor(
      'the marker lift is told',
      async () => ((await toldAbout(DEMO.coordinator, [marker])).get(marker)! >= 1 ? true : undefined),
      20_000,
    );
    for (const as of [DEMO.coordinator, DEMO.translator]) {
      const counts = await toldAbout(as, fileIds);
      expect([...counts.entries()]).toEqual(fileIds.map((id) => [id, 1]));
    }
  });
});
