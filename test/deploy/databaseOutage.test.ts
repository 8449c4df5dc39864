/**
 * The database going away under two instances behind HAProxy (deploy/haproxy.cfg), for real: a PostgreSQL cluster of
 * the test's own (test/support/throwawayCluster.ts) is restarted while two writers post comments through the
 * balancer, then stopped and started again. The instances must live through it: requests meanwhile answer 503 with
 * Retry-After and a JSON error (docs/API.md "Errors", "Several instances"), /readyz says not ready and then ready
 * again by itself, and every write that was acknowledged (2xx) is there afterwards.
 *
 * Needs haproxy, PostgreSQL's cluster tools (pg_createcluster …) and the test PostgreSQL server (TEST_DATABASE_URL,
 * for the balancer suite's own checks): without them the suite is skipped with the reason in its title.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, inProgressWorkRequest, type TestServer } from '../support/server';
import {
  expectWriteReachesStreams,
  findCommand,
  freePort,
  missingFor,
  startHaproxy,
  startInstances,
  waitFor,
  type Haproxy,
  type Instances,
} from '../support/balancer';
import { clusterToolsMissing, throwawayCluster, type ThrowawayCluster } from '../support/throwawayCluster';

const CONFIG = path.resolve(import.meta.dirname, '../../deploy/haproxy.cfg');
const HAPROXY = findCommand('haproxy', '/usr/sbin/haproxy');
const TITLE = 'PostgreSQL restarted and stopped under two instances behind HAProxy';

/** What one write was answered. */
interface Answer {
  body: string;
  status: number;
  retryAfter: string | null;
  error?: { code?: string; message?: string };
  id?: string;
  /** The request itself failed (no answer at all). */
  failure?: string;
}

/** Whether an instance's process still answers (/healthz): a dead one refuses the connection. */
async function alive(server: TestServer): Promise<string> {
  try {
    return (await fetch(`${server.url}/healthz`)).status === 200 ? 'alive' : 'not healthy';
  } catch (e) {
    return `dead (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** An answer the outage allows: a success, or the documented 503 (instance or balancer) with Retry-After. */
function allowed(a: Answer): boolean {
  if (a.status === 200) return typeof a.id === 'string';
  return a.status === 503 && Number(a.retryAfter) > 0 && a.error?.code === 'unavailable' && !!a.error.message;
}

/** Every comment of a work request, read page by page (X-Range) from `server`. */
async function commentIds(server: { url: string }, workRequest: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const res = await call(server, 'GET', `/api/comments?workRequest=${workRequest}`, {
      as: DEMO.admin,
      headers: { 'X-Range': `resources=${offset}-${offset + 99}` },
    });
    expect(res.status).toBeLessThan(300);
    for (const c of res.body as { _id: string }[]) ids.add(c._id);
    if ((res.body as unknown[]).length < 100) return ids;
  }
}

const reason = (await missingFor({ haproxy: HAPROXY })) ?? clusterToolsMissing();
if (reason) {
  console.warn(`${TITLE}: NOT run (${reason})`);
  describe.skip(`${TITLE} (NOT RUN: ${reason})`, () => {
    it('needs haproxy, pg_createcluster and PostgreSQL', () => undefined);
  });
} else {
  describe(TITLE, () => {
    let cluster: ThrowawayCluster | undefined;
    let instances: Instances | undefined;
    let haproxy: Haproxy | undefined;
    let a: TestServer;
    let b: TestServer;
    const balancer = { url: '' };
    let workRequest = '';

    beforeAll(async () => {
      cluster = await throwawayCluster();
      const port = await freePort();
      balancer.url = `http://127.0.0.1:${port}`;
      instances = await startInstances(balancer.url, { url: cluster.url });
      ({ a, b } = instances);
      haproxy = await startHaproxy(HAPROXY!, CONFIG, port, [instances.address(a), instances.address(b)]);
      workRequest = await inProgressWorkRequest(balancer);
    }, 180_000);

    afterAll(async () => {
      await haproxy?.stop();
      await instances?.stop();
      await cluster?.drop();
    }, 60_000);

    /** Two writers posting comments through the balancer until `stop`; every answer is kept. */
    function writeLoad() {
      const answers: Answer[] = [];
      const state = { stop: false };
      const writer = async (name: string) => {
        for (let i = 0; !state.stop; i++) {
          const body = `${name} ${i}`;
          try {
            const res = await call(balancer, 'POST', '/api/comments', { as: DEMO.admin, body: { workRequest, body } });
            const json = res.body as { _id?: string; error?: Answer['error'] } | undefined;
            answers.push({
              body,
              status: res.status,
              retryAfter: res.headers.get('retry-after'),
              error: json?.error,
              id: json?._id,
            });
          } catch (e) {
            answers.push({ body, status: 0, retryAfter: null, failure: String(e) });
          }
        }
      };
      const running = Promise.all([writer('writer 1'), writer('writer 2')]);
      return {
        answers,
        acknowledged: () => answers.filter((x) => x.status === 200),
        async stop() {
          state.stop = true;
          await running;
        },
      };
    }

    it('keeps both instances alive through a restart under write load; every acknowledged write is kept', async () => {
      const load = writeLoad();
      try {
        await waitFor('writes acknowledged', async () => (load.acknowledged().length >= 20 ? true : undefined), 30_000);
        const beforeRestart = load.answers.length;
        await cluster!.restart();
        const afterRestart = load.acknowledged().length;
        await waitFor(
          'writes acknowledged again after the restart',
          async () => {
            if (load.acknowledged().length >= afterRestart + 20) return true;
            const now = { a: await alive(a), b: await alive(b) };
            expect(now, 'both instances alive').toEqual({ a: 'alive', b: 'alive' });
            return undefined;
          },
          30_000,
        );
        // The restart ended the writers' connections: some writes were refused while it ran.
        expect(
          load.answers.slice(beforeRestart).some((x) => x.status !== 200),
          'a write refused during the restart',
        ).toBe(true);
      } finally {
        await load.stop();
      }
      expect({ a: await alive(a), b: await alive(b) }).toEqual({ a: 'alive', b: 'alive' });
      // Nothing else than a success or the documented 503: no 500, no connection dropped without an answer.
      expect(load.answers.filter((x) => !allowed(x))).toEqual([]);
      const acknowledged = load.acknowledged().map((x) => x.id!);
      for (const server of [a, b, balancer]) {
        const stored = await commentIds(server, workRequest);
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      }
      for (const server of [a, b]) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await haproxy!.waitForStatus('UP', ['mws1', 'mws2'], 20_000);
    }, 120_000);

    it('answers 503 with Retry-After while the database is down, is not ready, and recovers by itself', async () => {
      await cluster!.stop();
      try {
        for (const server of [a, b]) {
          const ready = await waitFor(
            'not ready',
            async () => {
              const res = await fetch(`${server.url}/readyz`);
              return res.status === 503 ? ((await res.json()) as { error: { code: string } }) : undefined;
            },
            10_000,
          );
          expect(ready.error.code).toBe('not_ready');
          const write = await call(server, 'POST', '/api/comments', {
            as: DEMO.admin,
            body: { workRequest, body: 'while the database is down' },
          });
          expect(write.status).toBe(503);
          expect(Number(write.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(write.body).toEqual({
            error: { code: 'unavailable', message: 'the database is unavailable; try again shortly' },
          });
          const read = await call(server, 'GET', `/api/comments?workRequest=${workRequest}`, { as: DEMO.admin });
          expect(read.status).toBe(503);
          expect(read.body.error.code).toBe('unavailable');
        }
        // HAProxy's checks of /readyz take both out; its own answer then is the same JSON 503 (deploy/haproxy.cfg).
        await haproxy!.waitForStatus('DOWN', ['mws1', 'mws2'], 20_000);
        const refused = await call(balancer, 'POST', '/api/comments', {
          as: DEMO.admin,
          body: { workRequest, body: 'no instance is ready' },
        });
        expect(refused.status).toBe(503);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(refused.body.error.code).toBe('unavailable');
        expect({ a: await alive(a), b: await alive(b) }).toEqual({ a: 'alive', b: 'alive' });
      } finally {
        await cluster!.start();
      }
      for (const server of [a, b]) {
        await waitFor(
          'ready again',
          async () => ((await fetch(`${server.url}/readyz`)).status === 200 ? true : undefined),
          20_000,
        );
      }
      await haproxy!.waitForStatus('UP', ['mws1', 'mws2'], 20_000);
      const posted = await call(balancer, 'POST', '/api/comments', {
        as: DEMO.admin,
        body: { workRequest, body: 'after the database came back' },
      });
      expect(posted.status).toBe(200);
      for (const server of [a, b]) expect((await commentIds(server, workRequest)).has(posted.body._id)).toBe(true);
      // Live streams hear writes again: each instance makes its LISTEN connection again within 5 s of the database's
      // return (storage/postgres/notificationBus.ts), so one attempt soon passes.
      await waitFor(
        'a write reaching live streams on both instances',
        () =>
          expectWriteReachesStreams(balancer.url).then(
            () => true,
            () => undefined,
          ),
        20_000,
      );
    }, 120_000);
  });
}
