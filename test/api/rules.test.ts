/** Paging, authentication, errors, merge, If-Match, the wam flow and persistence across a restart. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, basic, DEMO, ROLE_ACCOUNTS, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

const range = (r: string) => ({ headers: { 'X-Range': r } });
const total = (h: Headers) => Number(h.get('content-range')?.split('/')[1]);

describe('paging with X-Range', () => {
  it('defaults to the first 10 and reports the total', async () => {
    const res = await call(server, 'GET', '/api/workrequests');
    expect(res.body).toHaveLength(10);
    expect(res.headers.get('content-range')).toMatch(/^resources 0-9\/\d+$/);
    expect(total(res.headers)).toBeGreaterThanOrEqual(400);
  });

  it('answers first, middle and last pages without overlap', async () => {
    const first = await call(server, 'GET', '/api/workrequests?sort=due', range('resources=0-49'));
    const second = await call(server, 'GET', '/api/workrequests?sort=due', range('resources=50-99'));
    const n = total(first.headers);
    const last = await call(server, 'GET', '/api/workrequests?sort=due', range(`resources=${n - 5}-${n + 20}`));
    expect(first.body).toHaveLength(50);
    expect(second.headers.get('content-range')).toBe(`resources 50-99/${n}`);
    const ids = new Set([...first.body, ...second.body].map((w: { _id: string }) => w._id));
    expect(ids.size).toBe(100);
    expect(last.body).toHaveLength(5);
    expect(last.headers.get('content-range')).toBe(`resources ${n - 5}-${n - 1}/${n}`);
  });

  it('answers an empty page past the end', async () => {
    const res = await call(server, 'GET', '/api/workrequests', range('resources=100000-100009'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('content-range')).toMatch(/^resources \*\/\d+$/);
  });

  it('clamps ranges over 100 items to 100', async () => {
    const res = await call(server, 'GET', '/api/workrequests', range('resources=0-999'));
    expect(res.body).toHaveLength(100);
    expect(res.headers.get('content-range')).toMatch(/^resources 0-99\//);
  });

  it.each(['items=0-9', 'resources=9-0', 'resources=-1-5', 'resources=a-b', 'resources=0'])(
    'rejects malformed %s with 400',
    async (r) => {
      const res = await call(server, 'GET', '/api/workrequests', range(r));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message).toContain('X-Range');
    },
  );

  it('exposes Content-Range to browsers', async () => {
    const res = await call(server, 'GET', '/api/notifications', { headers: { Origin: 'http://elsewhere.test' } });
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const pre = await fetch(`${server.url}/api/workrequests`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://elsewhere.test' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('X-Range');
  });
});

describe('authentication', () => {
  it('refuses a request without credentials with 401 JSON, and challenges only non-XHR callers', async () => {
    const xhr = await call(server, 'GET', '/api/workrequests', { as: null });
    expect(xhr.status).toBe(401);
    expect(xhr.body.error.code).toBe('unauthorized');
    expect(xhr.headers.get('www-authenticate')).toBeNull();
    const plain = await fetch(`${server.url}/api/workrequests`);
    expect(plain.status).toBe(401);
    expect(plain.headers.get('www-authenticate')).toContain('Basic');
  });

  it('refuses a wrong password and an unknown user', async () => {
    expect(
      (await call(server, 'GET', '/api/users/me', { as: { username: 'admin@mws.test', password: 'nope' } })).status,
    ).toBe(401);
    expect(
      (await call(server, 'GET', '/api/users/me', { as: { username: 'ghost@mws.test', password: 'admin-demo' } }))
        .status,
    ).toBe(401);
    expect(
      (await call(server, 'GET', '/api/users/me', { headers: { Authorization: 'Bearer abc' }, as: null })).status,
    ).toBe(401);
  });

  it('accepts the right password: POST /session answers the user', async () => {
    const res = await call(server, 'POST', '/api/session', { as: DEMO.translator });
    expect(res.status).toBe(200);
    expect(res.body.emailNormal).toBe('translator@mws.test');
    expect(res.body.passwordHash).toBeUndefined();
  });

  it('forgets a remembered credential when the password changes', async () => {
    const created = await call(server, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { name: 'Pat', emailNormal: 'pat@mws.test', password: 'first-password' },
    });
    expect(created.status).toBe(200);
    const old = { username: 'pat@mws.test', password: 'first-password' };
    expect((await call(server, 'GET', '/api/users/me', { as: old })).status).toBe(200);
    const changed = await call(server, 'PUT', `/api/users/${created.body._id}`, {
      as: old,
      body: { password: 'second-password', currentPassword: 'first-password' },
    });
    expect(changed.status).toBe(200);
    expect((await call(server, 'GET', '/api/users/me', { as: old })).status).toBe(401);
    expect((await call(server, 'GET', '/api/users/me', { as: { ...old, password: 'second-password' } })).status).toBe(
      200,
    );
  });

  it('lets /healthz through without credentials', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('errors', () => {
  it('400 names the field of a wrong type and changes nothing', async () => {
    const a = (await call(server, 'GET', '/api/assets/countByProject', range('resources=0-0'))).body[0];
    const res = await call(server, 'PUT', `/api/assets/${a._id}`, { body: { name: 'ok', verified: 'yes' } });
    expect(res.status).toBe(400);
    // Worded for people, by the contract's messages (src/api/schema/messages.ts), not zod's defaults.
    expect(res.body.error.message).toBe('verified: expected true or false, received text');
    expect(res.body.error.details[0].path).toBe('verified');
    const again = await call(server, 'GET', `/api/assets/${a._id}`);
    expect(again.body.name).toBe(a.name);
  });

  it('400 for malformed JSON, 415 for a body that is not JSON, 413 over 1 MiB', async () => {
    const id = (await call(server, 'GET', '/api/assets/countByProject', range('resources=0-0'))).body[0]._id;
    const bad = await call(server, 'PUT', `/api/assets/${id}`, {
      raw: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const text = await call(server, 'PUT', `/api/assets/${id}`, {
      raw: 'name=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('unsupported_media_type');
    const big = await call(server, 'PUT', `/api/assets/${id}`, { body: { name: 'x'.repeat(1024 * 1024 + 10) } });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
  });

  it('403 for a translator writing the catalog', async () => {
    const res = await call(server, 'PUT', '/api/studios', { as: DEMO.translator, body: { name: 'Nope' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('404 for unknown records and routes', async () => {
    expect((await call(server, 'GET', '/api/workrequests/000000000000000000000000')).status).toBe(404);
    expect((await call(server, 'GET', '/api/workrequests/not-an-id')).body.error.code).toBe('not_found');
    expect((await call(server, 'GET', '/api/nothing-here')).status).toBe(404);
  });

  it('never sends a stack trace', async () => {
    const res = await call(server, 'PUT', '/api/projects', { body: { name: 'x', studio: 'nope' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('PUT merge and If-Match', () => {
  it('keeps fields the body does not name', async () => {
    const s = (await call(server, 'GET', '/api/studios')).body[0];
    const res = await call(server, 'PUT', '/api/studios', {
      body: { _id: s._id, previewWatermarkFormat: 'WM {date}' },
    });
    expect(res.body).toMatchObject({ name: s.name, slug: s.slug, previewWatermarkFormat: 'WM {date}' });
    expect(res.body.created).toBe(s.created);
  });

  it('ignores read-only fields in bodies', async () => {
    const s = (await call(server, 'GET', '/api/studios')).body[0];
    const res = await call(server, 'PUT', '/api/studios', { body: { _id: s._id, created: 1, $links: { self: 'x' } } });
    expect(res.body.created).toBe(s.created);
    expect(res.body.$links.self).toContain(`/api/Studios/${s._id}`);
  });

  it('a translation PUT with lines keeps every other stored field, and a translator still cannot reassign it', async () => {
    const t = (await call(server, 'GET', '/api/translations?status=incomplete', { as: DEMO.translator })).body[0];
    const before = (await call(server, 'GET', `/api/translations/${t._id}`, { as: DEMO.translator })).body;
    const lines = before.lines.map((l: { text?: string }, i: number) =>
      i === 0 ? { ...l, text: 'Première ligne' } : l,
    );
    const res = await call(server, 'PUT', `/api/translations/${t._id}`, {
      as: DEMO.translator,
      body: { lines, translator: { _id: '0123456789abcdef01234567', name: 'Someone Else' }, language: 'xx-XX' },
    });
    expect(res.status).toBe(200);
    const after = (await call(server, 'GET', `/api/translations/${t._id}`, { as: DEMO.coordinator })).body;
    const { lines: _l1, $links: _k1, translatedCount: _c1, ...rest } = before;
    expect(after).toMatchObject(rest);
    expect(after.translator).toEqual(before.translator);
    expect(after.language).toBe(before.language);
    expect(after.lines[0].text).toBe('Première ligne');
    expect(after.lines).toHaveLength(before.lines.length);
  });

  it('answers 409 for a stale If-Match and changes nothing', async () => {
    const a = (await call(server, 'GET', '/api/assets/countByProject', range('resources=1-1'))).body[0];
    const got = await call(server, 'GET', `/api/assets/${a._id}`);
    const etag = got.headers.get('etag') ?? '';
    const first = await call(server, 'PUT', `/api/assets/${a._id}`, {
      body: { name: 'Mine' },
      headers: { 'If-Match': etag },
    });
    expect(first.status).toBe(200);
    const stale = await call(server, 'PUT', `/api/assets/${a._id}`, {
      body: { name: 'Theirs' },
      headers: { 'If-Match': etag },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.name).toBe('Mine');
    expect((await call(server, 'GET', `/api/assets/${a._id}`)).body.name).toBe('Mine');
  });
});

describe('status changes, events and notifications', () => {
  it('awaiting materials: history entry, wam event, notifications for requester and coordinators with the right title', async () => {
    const list = await call(server, 'GET', '/api/workrequests?status=in-progress', {
      as: DEMO.admin,
      ...range('resources=0-0'),
    });
    const wr = list.body[0];
    const res = await call(server, 'PUT', `/api/workrequests/${wr._id}`, {
      as: DEMO.admin,
      body: { status: 'awaiting-materials', reason: 'Textless master missing' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('awaiting-materials');
    expect(res.body.$statuses).toEqual(['awaiting-materials']);
    const last = res.body.history.at(-1);
    expect(last).toMatchObject({
      status: 'awaiting-materials',
      reason: 'Textless master missing',
      user: { emailNormal: 'admin@mws.test' },
    });

    const inbox = await call(server, 'GET', '/api/notifications?type=wam', {
      as: DEMO.coordinator,
      ...range('resources=0-99'),
    });
    const mine = inbox.body.filter(
      (n: { event: { workRequest: { _id: string } } }) => n.event.workRequest._id === wr._id,
    );
    expect(mine).toHaveLength(1);
    const n = mine[0];
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.admin })).body;
    expect(n.title).toBe(
      `Ada Admin (${me.groups[0].name}) marked ${wr.asset.name} — ${wr.language}/${wr.territory} as awaiting materials`,
    );
    expect(n.emailSubject).toBe(n.title);
    expect(n).toMatchObject({ read: false, viewed: false, sent: false, type: 'wam' });
    expect(n.event).toMatchObject({ type: 'wam', workRequest: { status: 'awaiting-materials', asset: wr.asset._id } });
    // The embedded event names its recipient alone: not the requester or the other coordinators told with them.
    const coordinator = (await call(server, 'GET', '/api/users/me', { as: DEMO.coordinator })).body;
    expect(n.event.notify.users).toEqual([coordinator._id]);
    expect(n.event.notify.groups.length).toBeGreaterThan(0);
    expect(Array.isArray(n.event.workRequest.recipients)).toBe(true);
    expect(n.event.urls.view).toContain(wr._id);

    const admin = await call(server, 'GET', '/api/notifications?type=wam', {
      as: DEMO.admin,
      ...range('resources=0-99'),
    });
    expect(
      admin.body.some((x: { event: { workRequest: { _id: string } } }) => x.event.workRequest._id === wr._id),
    ).toBe(false);
  });

  it("each recipient's notification names that recipient alone in its event (not who else was told)", async () => {
    const client = ROLE_ACCOUNTS.client;
    const [order] = (await call(server, 'GET', '/api/workrequests', { as: client, ...range('resources=0-0') })).body;
    await call(server, 'POST', '/api/comments', {
      as: DEMO.admin,
      body: { workRequest: order._id, body: 'Who else hears of this?' },
    });
    for (const account of [client, DEMO.coordinator]) {
      const me = (await call(server, 'GET', '/api/users/me', { as: account })).body;
      const told = (
        await call(server, 'GET', '/api/notifications?type=wr-comment', { as: account, ...range('resources=0-9') })
      ).body.find((n: { event: { workRequest: { _id: string } } }) => n.event.workRequest._id === order._id);
      expect(told?.event.notify.users, account.username).toEqual([me._id]);
    }
  });
  it('requires a reason and a known status; a translator may not make a coordinator’s move', async () => {
    const wr = (await call(server, 'GET', '/api/workrequests', range('resources=0-0'))).body[0];
    expect(
      (await call(server, 'PUT', `/api/workrequests/${wr._id}`, { body: { status: 'complete', reason: '  ' } })).status,
    ).toBe(400);
    expect(
      (await call(server, 'PUT', `/api/workrequests/${wr._id}`, { body: { status: 'done', reason: 'x' } })).status,
    ).toBe(400);
    // Their own work request, in progress: completing it is for the studio's coordinators (docs/API.md, "Workflow").
    const own = (
      await call(server, 'GET', '/api/workrequests?status=in-progress', {
        as: DEMO.translator,
        ...range('resources=0-0'),
      })
    ).body[0];
    const refused = await call(server, 'PUT', `/api/workrequests/${own._id}`, {
      as: DEMO.translator,
      body: { status: 'complete', reason: 'x' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.allowed).toEqual(['awaiting-materials', 'for-review']);
  });
});

describe('persistence', () => {
  it('keeps data across a server restart', async () => {
    const created = await call(server, 'PUT', '/api/territories', {
      body: { name: 'Restart Land', countries: ['RL'] },
    });
    await server.restart();
    const list = await call(server, 'GET', '/api/territories', range('resources=0-99'));
    expect(
      list.body.some((t: { _id: string; name: string }) => t._id === created.body._id && t.name === 'Restart Land'),
    ).toBe(true);
    expect(
      (await call(server, 'GET', '/api/users/me', { headers: { Authorization: basic(DEMO.coordinator) } })).status,
    ).toBe(200);
  });
});

describe('who sees what', () => {
  it('a translator lists only the work requests of their translations', async () => {
    const res = await call(server, 'GET', '/api/workrequests', { as: DEMO.translator, ...range('resources=0-99') });
    expect(res.status).toBe(200);
    expect(total(res.headers)).toBeGreaterThan(0);
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
    for (const wr of res.body) expect(wr.translation.translator._id).toBe(me._id);
    expect(res.body[0].translatorId).toBeUndefined();
    const all = await call(server, 'GET', '/api/workrequests', range('resources=0-0'));
    expect(total(all.headers)).toBeGreaterThan(total(res.headers));
  });

  it("a translator cannot read another translator's work request", async () => {
    const mine = new Set(
      (await call(server, 'GET', '/api/workrequests', { as: DEMO.translator, ...range('resources=0-99') })).body.map(
        (w: { _id: string }) => w._id,
      ),
    );
    const others = (await call(server, 'GET', '/api/workrequests', range('resources=0-99'))).body.filter(
      (w: { _id: string }) => !mine.has(w._id),
    );
    expect((await call(server, 'GET', `/api/workrequests/${others[0]._id}`, { as: DEMO.translator })).status).toBe(404);
  });

  it('a share recipient reads the share but cannot change it (403); new recipients are notified', async () => {
    const share = (await call(server, 'GET', '/api/shares')).body.find(
      (s: { from: { emailNormal: string } }) => s.from.emailNormal === 'coordinator@mws.test',
    );
    const recipient = share.to[0];
    const users = (await call(server, 'GET', '/api/users', { as: DEMO.admin, ...range('resources=0-99') })).body;
    const translator = users.find((u: { emailNormal: string }) => u.emailNormal === 'translator@mws.test');
    expect(share.to.some((u: { _id: string }) => u._id === translator._id)).toBe(false);
    const put = await call(server, 'PUT', `/api/shares/${share._id}`, {
      body: { to: [...share.to, { _id: translator._id, name: translator.name, emailNormal: translator.emailNormal }] },
    });
    expect(put.status).toBe(200);
    const asTranslator = await call(server, 'GET', `/api/shares/${share._id}`, { as: DEMO.translator });
    expect(asTranslator.status).toBe(200);
    const denied = await call(server, 'PUT', `/api/shares/${share._id}`, {
      as: DEMO.translator,
      body: { notes: 'mine now' },
    });
    expect(denied.status).toBe(403);
    const inbox = await call(server, 'GET', '/api/notifications?type=share', { as: DEMO.translator });
    expect(inbox.body[0].event.share).toBe(share._id);
    expect(recipient).toBeDefined();
  });
});

describe('the response cache', () => {
  it('answers a repeated read from the cache and never serves data older than the last write', async () => {
    const first = await call(server, 'GET', '/api/studios');
    const second = await call(server, 'GET', '/api/studios');
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-range')).toBe(first.headers.get('content-range'));
    const s = first.body[0];
    await call(server, 'PUT', '/api/studios', { body: { _id: s._id, previewWatermarkFormat: `after-${Date.now()}` } });
    const third = await call(server, 'GET', '/api/studios');
    // Answered by the route again (the write moved the generation), and it says so: the bench counts hits and misses.
    expect(third.headers.get('x-cache')).toBe('miss');
    expect(third.body[0].previewWatermarkFormat).toMatch(/^after-/);
  });

  it('keeps callers apart: the same URL answers each user their own records', async () => {
    const coordinator = await call(server, 'GET', '/api/users/me');
    const translator = await call(server, 'GET', '/api/users/me', { as: DEMO.translator });
    expect(coordinator.body.emailNormal).toBe('coordinator@mws.test');
    expect(translator.body.emailNormal).toBe('translator@mws.test');
  });
});

describe('notifications extensions', () => {
  it('POST /notifications/markRead marks the matching unread ones read, and only those', async () => {
    const before = await call(server, 'GET', '/api/notifications?read=false&type=wr-comment', range('resources=0-0'));
    const otherBefore = total(
      (await call(server, 'GET', '/api/notifications?read=false&type=wam', range('resources=0-0'))).headers,
    );
    const res = await call(server, 'POST', '/api/notifications/markRead', { body: { type: 'wr-comment' } });
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(total(before.headers));
    const after = await call(server, 'GET', '/api/notifications?read=false&type=wr-comment', range('resources=0-0'));
    expect(total(after.headers)).toBe(0);
    expect(
      total((await call(server, 'GET', '/api/notifications?read=false&type=wam', range('resources=0-0'))).headers),
    ).toBe(otherBefore);
  });

  it('streams a new notification to the recipient as a Server-Sent Event', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/notifications/stream`, {
      headers: { Authorization: basic(DEMO.coordinator), 'X-Requested-With': 'XMLHttpRequest' },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const wr = (
      await call(server, 'GET', '/api/workrequests?status=in-progress', { as: DEMO.admin, ...range('resources=1-1') })
    ).body[0];
    await call(server, 'POST', '/api/comments', {
      as: DEMO.admin,
      body: { workRequest: wr._id, body: 'Ping for the stream' },
    });
    let text = '';
    const deadline = Date.now() + 5000;
    while (!text.includes('event: notification') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(text).toContain('event: notification');
    const data = JSON.parse(text.split('event: notification')[1]!.split('data: ')[1]!.split('\n')[0]!);
    expect(data).toMatchObject({ type: 'wr-comment', read: false });
    expect(data.event.workRequest._id).toBe(wr._id);
  });

  it('refuses the stream without credentials', async () => {
    const res = await fetch(`${server.url}/api/notifications/stream`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(res.status).toBe(401);
  });
});
