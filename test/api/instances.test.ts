/**
 * Two server processes on one PostgreSQL database (docs/API.md "Several instances"): what one instance does, the other knows at once.
 * Skipped without a reachable PostgreSQL (TEST_DATABASE_URL, default the local `mws` superuser), saying so in its
 * title and on the console: never silently.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../../server/storage/postgres/testDatabase';
import { DEMO, ROLE_ACCOUNTS, call, startServer, throwawayDatabase, type TestServer } from '../support/server';
import { firstNotification, notificationsIn, openNotificationStream } from '../support/stream';

const count = (text: string, needle: string) => text.split(needle).length - 1;

await describeWithPostgres('two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await throwawayDatabase();
    // One after the other: A seeds the empty database, B finds it seeded. One signing key, as docs/DEPLOY.md says.
    const key = { MWS_SIGNING_KEY: '5e'.repeat(32) };
    a = await startServer({ DATABASE_URL: database.url, ...key });
    b = await startServer({ DATABASE_URL: database.url, ...key });
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it('a notification caused on A reaches a stream on B, and one on A, exactly once each', async () => {
    const onB = await openNotificationStream(b.url, DEMO.coordinator);
    const onA = await openNotificationStream(a.url, DEMO.coordinator);
    try {
      await Promise.all([onA.readUntil(': connected', 5000), onB.readUntil(': connected', 5000)]);
      const [wr, other] = (
        await call(a, 'GET', '/api/workrequests?status=in-progress', {
          as: DEMO.admin,
          headers: { 'X-Range': 'resources=0-1' },
        })
      ).body;
      const started = Date.now();
      const posted = await call(a, 'POST', '/api/comments', {
        as: DEMO.admin,
        body: { workRequest: wr._id, body: 'Seen across instances' },
      });
      expect(posted.status).toBe(200);
      const textB = await onB.readUntil('event: notification', 5000);
      expect(textB).toContain('event: notification');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(firstNotification(textB)).toMatchObject({ type: 'wr-comment', event: { workRequest: { _id: wr._id } } });
      // A marker: a later notification (on another work request), caused on B. A second delivery of the first would
      // come the ways the first came (a local delivery on A at once, the bus's NOTIFY to each instance) and so before
      // the marker's, which B publishes only now; once the marker has reached both streams, count.
      expect(
        (await call(b, 'POST', '/api/comments', { as: DEMO.admin, body: { workRequest: other._id, body: 'Marker' } }))
          .status,
      ).toBe(200);
      const [textA, moreB] = await Promise.all([onA.readUntil(other._id, 5000), onB.readUntil(other._id, 5000)]);
      for (const text of [textA, moreB]) {
        const about = (id: string) =>
          notificationsIn(text).filter(
            (n) => (n as { event: { workRequest: { _id: string } } }).event.workRequest._id === id,
          );
        expect(about(other._id)).toHaveLength(1);
        expect(about(wr._id)).toHaveLength(1);
        expect(count(text, 'event: notification')).toBe(2);
      }
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('both instances are ready (/readyz) without credentials', async () => {
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
  });

  it('a write on A is read on B at once, though B answered the same GET just before', async () => {
    const asset = (await call(b, 'GET', '/api/assets/countByProject', { headers: { 'X-Range': 'resources=0-0' } }))
      .body[0];
    expect((await call(b, 'GET', `/api/assets/${asset._id}`)).body.name).toBe(asset.name);
    expect((await call(a, 'PUT', `/api/assets/${asset._id}`, { body: { name: 'Renamed on A' } })).status).toBe(200);
    expect((await call(b, 'GET', `/api/assets/${asset._id}`)).body.name).toBe('Renamed on A');
  });

  it("a status change on A voids B's cached answers of that work request and its lists, not of another", async () => {
    const path = '/api/workrequests?status=in-progress,awaiting-materials';
    const [wr, other] = (await call(b, 'GET', path, { headers: { 'X-Range': 'resources=0-1' } })).body;
    const read = (url: string) => call(b, 'GET', url, { headers: { 'X-Range': 'resources=0-49' } });
    for (const url of [`/api/workrequests/${wr._id}`, `/api/workrequests/${other._id}`, path]) await read(url);
    const before = await read(`/api/workrequests/${wr._id}`);
    expect(before.headers.get('x-cache')).toBe('hit');
    const status = wr.status === 'in-progress' ? 'awaiting-materials' : 'in-progress';
    const put = await call(a, 'PUT', `/api/workrequests/${wr._id}`, {
      body: { status, reason: 'two instances' },
      headers: { 'If-Match': before.headers.get('etag')! },
    });
    expect(put.status).toBe(200);
    const after = await read(`/api/workrequests/${wr._id}`);
    expect([after.headers.get('x-cache'), after.body.status]).toEqual(['miss', status]);
    const list = await read(path);
    expect(list.headers.get('x-cache')).toBe('miss');
    expect(list.body.find((w: { _id: string }) => w._id === wr._id)?.status).toBe(status);
    expect((await read(`/api/workrequests/${other._id}`)).headers.get('x-cache')).toBe('hit');
  });

  it('20 concurrent If-Match PUTs of one version split over A and B: exactly one 200, the rest 409', async () => {
    const asset = (await call(a, 'GET', '/api/assets/countByProject', { headers: { 'X-Range': 'resources=1-1' } }))
      .body[0];
    const etag = (await call(a, 'GET', `/api/assets/${asset._id}`)).headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? b : a, 'PUT', `/api/assets/${asset._id}`, {
          body: { name: `Writer ${i}` },
          headers: { 'If-Match': etag },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = results.find((r) => r.status === 200)!.body.name;
    for (const server of [a, b]) expect((await call(server, 'GET', `/api/assets/${asset._id}`)).body.name).toBe(winner);
  });

  it('a password changed through A is refused by B at once', async () => {
    const before = await call(b, 'GET', '/api/users/me', { as: DEMO.translator });
    expect(before.status).toBe(200);
    const changed = await call(a, 'PUT', `/api/users/${before.body._id}`, {
      as: DEMO.admin,
      body: { password: 'changed-on-a-1234' },
    });
    expect(changed.status).toBe(200);
    expect((await call(b, 'GET', '/api/users/me', { as: DEMO.translator })).status).toBe(401);
    const renewed = { username: DEMO.translator.username, password: 'changed-on-a-1234' };
    expect((await call(b, 'GET', '/api/users/me', { as: renewed })).status).toBe(200);
  });

  it('disabling a user through A ends their live stream on B at once; a password changed through B ends one on A', async () => {
    const account = ROLE_ACCOUNTS.client;
    const user = (await call(b, 'GET', '/api/users/me', { as: account })).body;
    const onB = await openNotificationStream(b.url, account);
    const onA = await openNotificationStream(a.url, ROLE_ACCOUNTS.sam);
    try {
      await Promise.all([onA.readUntil(': connected', 5000), onB.readUntil(': connected', 5000)]);
      const disabled = await call(a, 'PUT', `/api/users/${user._id}`, {
        as: DEMO.admin,
        body: { status: { ...user.status, approved: false } },
      });
      expect(disabled.status).toBe(200);
      const textB = await onB.readToEnd(5000);
      expect(onB.ended).toBe(true);
      expect(textB).toMatch(/event: end\ndata: \{"reason":"account-disabled".*"retryAfterMs":null\}/);

      const sam = (await call(b, 'GET', '/api/users/me', { as: ROLE_ACCOUNTS.sam })).body;
      const changed = await call(b, 'PUT', `/api/users/${sam._id}`, {
        as: DEMO.admin,
        body: { password: 'changed-on-b-1234' },
      });
      expect(changed.status).toBe(200);
      const textA = await onA.readToEnd(5000);
      expect(onA.ended).toBe(true);
      expect(textA).toContain('event: end\ndata: {"reason":"credentials-changed"');
    } finally {
      onA.close();
      onB.close();
      await call(a, 'PUT', `/api/users/${user._id}`, { as: DEMO.admin, body: { status: user.status } });
    }
  });

  it('a link made on A: range requests on A and B add to one view record; its person disabled on A is refused on B', async () => {
    // Records of signed links (docs/API.md "Downloads and views", "Signed links").
    const assets = (
      await call(a, 'GET', '/api/assets/countByProject', { as: DEMO.admin, headers: { 'X-Range': 'resources=0-199' } })
    ).body as { _id: string }[];
    let clip: { _id: string; path: string } | undefined;
    for (const asset of assets) {
      clip = (await call(a, 'GET', `/api/previews?asset=${asset._id}`, { as: DEMO.admin })).body.find(
        (p: { media?: unknown }) => p.media,
      );
      if (clip) break;
    }
    const ranges = ['bytes=0-999', 'bytes=1000-1999', 'bytes=2000-2999', 'bytes=3000-3999'];
    for (const [i, range] of ranges.entries()) {
      const res = await fetch((i % 2 ? b : a).url + clip!.path, { headers: { Range: range, 'User-Agent': 'two' } });
      expect(res.status).toBe(206);
      await res.arrayBuffer();
    }
    const deadline = Date.now() + 15_000;
    let views: { requests: number; bytes: number }[] = [];
    while (Date.now() < deadline) {
      const asset = (await call(b, 'GET', `/api/previews/${clip!._id}`, { as: DEMO.admin })).body.asset as string;
      const rows = (await call(b, 'GET', `/api/assets/${asset}/downloads`, { as: DEMO.admin })).body as {
        preview?: string;
        userAgent: string;
        requests: number;
        bytes: number;
      }[];
      views = rows.filter((d) => d.preview === clip!._id && d.userAgent === 'two');
      if (views.length === 1 && views[0]!.requests === ranges.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(views).toEqual([expect.objectContaining({ requests: 4, bytes: 4000 })]);

    // Cora: the earlier tests changed Sam's password and disabled the client.
    const account = ROLE_ACCOUNTS.cora;
    const cora = (await call(a, 'GET', '/api/users/me', { as: account })).body;
    const coraAssets = (
      await call(a, 'GET', '/api/assets/countByProject', { as: account, headers: { 'X-Range': 'resources=0-199' } })
    ).body as { $thumbnail?: { _id: string } }[];
    const fileId = coraAssets.find((x) => x.$thumbnail)!.$thumbnail!._id;
    const link = (await call(a, 'GET', `/api/files/${fileId}`, { as: account })).body.path as string;
    expect((await fetch(b.url + link)).status).toBe(200);
    const status = (await call(a, 'GET', `/api/users/${cora._id}`, { as: DEMO.admin })).body.status;
    expect(
      (
        await call(a, 'PUT', `/api/users/${cora._id}`, {
          as: DEMO.admin,
          body: { status: { ...status, approved: false } },
        })
      ).status,
    ).toBe(200);
    try {
      const refused = await fetch(b.url + link);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('link_revoked');
    } finally {
      await call(a, 'PUT', `/api/users/${cora._id}`, { as: DEMO.admin, body: { status } });
    }
  }, 60_000);

  // Last: it kills A.
  it('A killed with SIGKILL mid-load: B keeps answering, and every write A acknowledged is there', async () => {
    const wr = (
      await call(a, 'GET', '/api/workrequests?status=in-progress', {
        as: DEMO.admin,
        headers: { 'X-Range': 'resources=1-1' },
      })
    ).body[0];
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await call(a, 'POST', '/api/comments', {
            as: DEMO.admin,
            body: { workRequest: wr._id, body: `load ${w}.${i}` },
          });
          if (res.status >= 200 && res.status < 300) acknowledged.push(res.body._id);
        } catch {
          return; // A is gone
        }
      }
    };
    const writers = Array.from({ length: 4 }, (_, w) => writer(w));
    // Mid-load: the writers have had writes acknowledged and go on writing.
    await expect.poll(() => acknowledged.length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(20);
    await a.kill();
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect((await call(b, 'GET', '/api/users/me', { as: DEMO.admin })).status).toBe(200);
    const stored = new Set<string>();
    for (let first = 0; ; first += 100) {
      const page = await call(b, 'GET', `/api/comments?workRequest=${wr._id}`, {
        as: DEMO.admin,
        headers: { 'X-Range': `resources=${first}-${first + 99}` },
      });
      expect(page.status).toBe(200);
      for (const c of page.body) stored.add(c._id);
      if (page.body.length < 100) break;
    }
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // B still writes.
    const after = await call(b, 'POST', '/api/comments', { as: DEMO.admin, body: { workRequest: wr._id, body: 'B' } });
    expect(after.status).toBe(200);
  }, 60_000);
});
