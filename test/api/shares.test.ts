/**
 * Sending a share and its feedback (docs/API.md "Sending a share", "Share feedback", "Share states"), against the real
 * server on both stores: bad bodies are 400s that store nothing; a new share is stored with its Permission, invites
 * a newcomer and notifies its recipients; a recipient votes, answers and comments, a non-recipient cannot; the sender
 * sees every vote, a recipient only with `shareVotingView`; a share's end takes effect on every instance without a
 * write; a forwarded share stops granting once its sender may no longer share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionOf } from '../support/catalog';
import { call, DEMO, startServer, type Account, type TestServer } from '../support/server';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are read as JSON; the tests name the fields they look at
type Rec = Record<string, any>;

const totalOf = (res: { headers: Headers }) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function shareCount(): Promise<number> {
  const res = await call(server, 'GET', '/api/shares', { as: DEMO.admin, headers: { 'X-Range': 'resources=0-0' } });
  return totalOf(res);
}

async function userExists(email: string): Promise<boolean> {
  const res = await call(server, 'GET', `/api/users?q=${encodeURIComponent(email)}`, { as: DEMO.admin });
  return (res.body as Rec[]).some((u) => u.emailNormal === email);
}

/** Accepts an invitation code as the newcomer would, answering their account. */
async function accept(inviteCode: string, email: string): Promise<Account> {
  const password = 'shares-test-password';
  const res = await call(server, 'POST', `/api/invitations/${inviteCode}`, {
    as: null,
    body: { name: email.split('@')[0], password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { username: email, password };
}

/** A new client account (invited by an admin and accepted), in no group. */
async function newClient(email: string): Promise<{ id: string; account: Account }> {
  const created = await call(server, 'PUT', '/api/users', { as: DEMO.admin, body: { emailNormal: email } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body._id, account: await accept(created.body.inviteCode, email) };
}

let assets: Rec[];
let partner: { id: string; account: Account };
let outsider: { id: string; account: Account };

beforeAll(async () => {
  server = await startServer();
  const res = await call(server, 'GET', '/api/assets/countByProject', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-99' },
  });
  expect(res.status).toBe(200);
  const studio = res.body[0].studio;
  assets = (res.body as Rec[]).filter((a) => a.studio === studio).slice(0, 3);
  expect(assets).toHaveLength(3);
  partner = await newClient('press.partner@shares.test');
  outsider = await newClient('outsider@shares.test');
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const QUESTIONS = [
  { type: 'yesno', text: 'Would this work in your territory?' },
  { type: 'choice', text: 'Which release?', choices: ['Cinema', 'Streaming'] },
  { type: 'text', text: 'Anything to change?' },
];

function body(extra: Rec = {}): Rec {
  return {
    assets: assets.map((a) => ({ _id: a._id })),
    to: [{ _id: partner.id }],
    notes: 'For your territory',
    feedback: { enabled: true },
    questions: QUESTIONS,
    ...extra,
  };
}

describe('POST /shares with bad input', () => {
  const cases: [string, Rec, string][] = [
    ['no asset', { assets: [] }, 'assets'],
    ['no recipient', { to: [], groups: [] }, 'to'],
    ['an unknown asset', { assets: [{ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }] }, 'assets.0._id'],
    ['a malformed e-mail', { to: [{ emailNormal: 'not-an-address' }] }, 'to.0'],
    ['an unknown user', { to: [{ _id: 'bbbbbbbbbbbbbbbbbbbbbbbb' }] }, 'to.0._id'],
    ['an end in the past', { expires: nowSeconds() - 60 }, 'expires'],
    ['a choice of one', { questions: [{ type: 'choice', text: 'Pick', choices: ['Only'] }] }, 'questions.0.choices'],
    ['a question of no known type', { questions: [{ type: 'rating', text: 'Stars?' }] }, 'questions.0.type'],
    ['an unknown group', { groups: ['cccccccccccccccccccccccc'] }, 'groups.0'],
    ['a field no share has', { colour: 'red' }, 'colour'],
  ];
  it.each(cases)('%s: 400 naming %s, nothing stored, nobody invited', async (_name, extra, path) => {
    const before = await shareCount();
    const newcomer = `never.${path.replace(/\W/g, '')}@shares.test`;
    const res = await call(server, 'POST', '/api/shares', {
      body: body({ ...extra, to: extra.to ?? [{ _id: partner.id }, { emailNormal: newcomer }] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(JSON.stringify(res.body.error)).toContain(path);
    expect(await shareCount()).toBe(before);
    expect(await userExists(newcomer)).toBe(false);
  });

  it('a client without `sharing` may not send one (403), and nothing is stored', async () => {
    const before = await shareCount();
    const res = await call(server, 'POST', '/api/shares', { as: outsider.account, body: body() });
    expect(res.status).toBe(403);
    expect(await shareCount()).toBe(before);
  });
});

describe('a share sent, received and answered', () => {
  let share: Rec;
  let newcomer: Account;
  const newcomerEmail = 'newcomer@shares.test';

  beforeAll(async () => {
    const res = await call(server, 'POST', '/api/shares', {
      body: body({ to: [{ _id: partner.id }, { emailNormal: newcomerEmail }], expires: nowSeconds() + 86_400 }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    share = res.body;
    const invitation = share.$invitations.find((i: Rec) => i.emailNormal === newcomerEmail);
    expect(invitation.invite).toBe(`/invite/${invitation.inviteCode}`);
    newcomer = await accept(invitation.inviteCode, newcomerEmail);
  });

  it('is stored whole: summaries, recipients, questions with ids, a Permission, links, state', async () => {
    expect(share.assets.map((a: Rec) => a._id)).toEqual(assets.map((a) => a._id));
    expect(share.assets[0].name).toBe(assets[0]!.name);
    expect(share.to.map((u: Rec) => u.emailNormal)).toEqual(['press.partner@shares.test', newcomerEmail]);
    expect(share.questions.map((q: Rec) => q._id)).toEqual(['q1', 'q2', 'q3']);
    expect(share.permissions).toHaveLength(1);
    expect(share.permissions[0]).toMatchObject({ share: share._id, access: { previews: 'watermarked' } });
    expect(share.urls.playlist).toBe('/shares/:share/playlist');
    expect(share.$state).toBe('active');
    expect(share.from.emailNormal).toBe(DEMO.coordinator.username);
  });

  it('tells its recipients, the newcomer too', async () => {
    for (const as of [partner.account, newcomer]) {
      const res = await call(server, 'GET', '/api/notifications?type=share', { as });
      expect(res.body.map((n: Rec) => n.event.share)).toContain(share._id);
    }
  });

  it('grants its recipients the assets (watermarked previews)', async () => {
    const res = await call(server, 'GET', `/api/assets/${assets[0]!._id}`, { as: newcomer });
    expect(res.status).toBe(200);
    expect(res.body.$permissions.access).toContain('watermarked');
  });

  it('a recipient votes, answers and comments, saved as they go', async () => {
    const path = `/api/shares/${share._id}/feedback/${assets[0]!._id}`;
    const vote = await call(server, 'PUT', path, { as: newcomer, body: { vote: 'up' } });
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    const more = await call(server, 'PUT', path, {
      as: newcomer,
      body: { answers: { q1: 'yes', q2: 'Streaming', q3: 'Shorter' }, comment: 'Great cut' },
    });
    expect(more.body).toMatchObject({
      vote: 'up',
      answers: { q1: 'yes', q2: 'Streaming', q3: 'Shorter' },
      comment: 'Great cut',
      share: share._id,
      asset: assets[0]!._id,
    });
    const read = await call(server, 'GET', `/api/shares/${share._id}`, { as: newcomer });
    expect(read.body.assets[0].$feedback).toMatchObject({ share: share._id, vote: 'up', comment: 'Great cut' });
    // Without `shareVotingView`, a recipient sees their own vote, not the counts.
    expect(read.body.assets[0].$feedback.summary).toEqual([]);
  });

  it('answers are checked against the questions: 400, nothing changed', async () => {
    const path = `/api/shares/${share._id}/feedback/${assets[1]!._id}`;
    for (const answers of [{ q9: 'yes' }, { q1: 'maybe' }, { q2: 'Radio' }]) {
      const res = await call(server, 'PUT', path, { as: partner.account, body: { vote: 'down', answers } });
      expect(res.status, JSON.stringify(answers)).toBe(400);
    }
    const mine = await call(server, 'GET', `/api/shares/${share._id}/feedback`, { as: partner.account });
    expect(mine.body).toEqual([]);
    expect((await call(server, 'PUT', path, { as: partner.account, body: { vote: 'lots' } })).status).toBe(400);
  });

  it('a non-recipient cannot vote (404, as for a share they cannot see), nor the sender (403)', async () => {
    const path = `/api/shares/${share._id}/feedback/${assets[0]!._id}`;
    expect((await call(server, 'PUT', path, { as: outsider.account, body: { vote: 'up' } })).status).toBe(404);
    expect((await call(server, 'PUT', path, { body: { vote: 'up' } })).status).toBe(403);
    const other = `/api/shares/${share._id}/feedback/dddddddddddddddddddddddd`;
    expect((await call(server, 'PUT', other, { as: partner.account, body: { vote: 'up' } })).status).toBe(404);
  });

  it('the sender sees every vote per asset and per recipient, and one batched notification', async () => {
    await call(server, 'PUT', `/api/shares/${share._id}/feedback/${assets[0]!._id}`, {
      as: partner.account,
      body: { vote: 'order' },
    });
    const read = await call(server, 'GET', `/api/shares/${share._id}`);
    expect(read.body.assets[0].$feedback.summary).toEqual([
      { vote: 'up', count: 1 },
      { vote: 'down', count: 0 },
      { vote: 'order', count: 1 },
    ]);
    const all = await call(server, 'GET', `/api/shares/${share._id}/feedback`);
    expect(all.body.map((f: Rec) => [f.userName, f.vote]).sort()).toEqual([
      ['newcomer', 'up'],
      ['press.partner', 'order'],
    ]);
    const notes = await call(server, 'GET', '/api/notifications?type=share-feedback');
    const mine = (notes.body as Rec[]).filter((n) => n.event.share === share._id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toBe('newcomer and press.partner gave feedback on the 3 assets you shared');
  });

  it('the asset record carries `$feedback` of the share: counts for the sender, own vote only for a recipient', async () => {
    const path = `/api/assets/${assets[0]!._id}`;
    const sender = await call(server, 'GET', path);
    expect(sender.body.$feedback).toMatchObject({ share: share._id, vote: '' });
    expect(sender.body.$feedback.summary).toEqual([
      { vote: 'up', count: 1 },
      { vote: 'down', count: 0 },
      { vote: 'order', count: 1 },
    ]);
    const recipient = await call(server, 'GET', path, { as: newcomer });
    expect(recipient.body.$feedback).toMatchObject({ share: share._id, vote: 'up', comment: 'Great cut', summary: [] });
    // Someone who takes part in no share of it (an admin reads every asset) sees no one's feedback.
    const admin = await call(server, 'GET', path, { as: DEMO.admin });
    expect(admin.status).toBe(200);
    expect(admin.body.$feedback.share).not.toBe(share._id);
    expect(JSON.stringify(admin.body.$feedback)).not.toContain('Great cut');
  });

  it("with `shareVotingView` a recipient sees the counts and everyone's feedback", async () => {
    const permissions = [
      { ...share.permissions[0], access: { ...share.permissions[0].access, shareVotingView: true } },
    ];
    const put = await call(server, 'PUT', `/api/shares/${share._id}`, { body: { permissions } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const read = await call(server, 'GET', `/api/shares/${share._id}`, { as: partner.account });
    expect(read.body.assets[0].$feedback.summary).toContainEqual({ vote: 'up', count: 1 });
    const all = await call(server, 'GET', `/api/shares/${share._id}/feedback`, { as: partner.account });
    expect(all.body).toHaveLength(2);
    const asset = await call(server, 'GET', `/api/assets/${assets[0]!._id}`, { as: partner.account });
    expect(asset.body.$feedback).toMatchObject({ share: share._id, vote: 'order' });
    expect(asset.body.$feedback.summary).toContainEqual({ vote: 'up', count: 1 });
  });

  it('closed feedback and an ended share refuse feedback (409); ended, it grants nothing and says so', async () => {
    const path = `/api/shares/${share._id}/feedback/${assets[2]!._id}`;
    await call(server, 'PUT', `/api/shares/${share._id}`, { body: { feedback: { enabled: false } } });
    const closed = await call(server, 'PUT', path, { as: partner.account, body: { vote: 'up' } });
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toMatch(/closed feedback/);
    await call(server, 'PUT', `/api/shares/${share._id}`, {
      body: { feedback: { enabled: true }, expires: nowSeconds() },
    });
    const ended = await call(server, 'PUT', path, { as: partner.account, body: { vote: 'up' } });
    expect(ended.status).toBe(409);
    expect(ended.body.error.message).toMatch(/read-only/);
    expect((await call(server, 'GET', `/api/assets/${assets[2]!._id}`, { as: partner.account })).status).toBe(404);
    const read = await call(server, 'GET', `/api/shares/${share._id}`, { as: partner.account });
    expect(read.status).toBe(200);
    expect(read.body.$state).toBe('expired');
  });
});

describe('a share ends on time on every instance, without a write', () => {
  it('a second instance stops granting once the end has passed', async () => {
    const second = await startServer(
      server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : { DATA_DIR: server.dataDir },
    );
    try {
      const res = await call(server, 'POST', '/api/shares', {
        body: body({ assets: [{ _id: assets[1]!._id }], to: [{ _id: outsider.id }], expires: nowSeconds() + 3 }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const path = `/api/assets/${assets[1]!._id}`;
      // Read on the second instance while active: its grants are computed and kept there.
      expect((await call(second, 'GET', path, { as: outsider.account })).status).toBe(200);
      let status = 200;
      for (let i = 0; i < 100 && status === 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await call(second, 'GET', path, { as: outsider.account })).status;
      }
      expect(status).toBe(404);
      expect(nowSeconds()).toBeGreaterThanOrEqual(res.body.expires);
    } finally {
      await second.stop();
    }
  }, 60_000);
});

describe('a forwarded share', () => {
  it('stops granting once its sender may no longer share the asset', async () => {
    const forwarder = await newClient('forwarder@shares.test');
    const receiver = await newClient('receiver@shares.test');
    const asset = assets[2]!;
    const granted = permissionOf({
      assets: [asset._id],
      project: asset.project,
      previews: 'watermarked',
      download: false,
      flags: ['sharing'],
    });
    const first = await call(server, 'POST', '/api/shares', {
      body: body({ assets: [{ _id: asset._id }], to: [{ _id: forwarder.id }], permissions: [granted] }),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const onward = permissionOf({
      assets: [asset._id],
      project: asset.project,
      previews: 'watermarked',
      download: false,
    });
    const forwarded = await call(server, 'POST', '/api/shares', {
      as: forwarder.account,
      body: body({ assets: [{ _id: asset._id }], to: [{ _id: receiver.id }], permissions: [onward], questions: [] }),
    });
    expect(forwarded.status, JSON.stringify(forwarded.body)).toBe(201);
    const path = `/api/assets/${asset._id}`;
    expect((await call(server, 'GET', path, { as: receiver.account })).status).toBe(200);
    // The studio takes `sharing` back from the forwarder: what they forwarded no longer grants.
    const without = { ...first.body.permissions[0], access: { ...first.body.permissions[0].access, sharing: false } };
    const put = await call(server, 'PUT', `/api/shares/${first.body._id}`, { body: { permissions: [without] } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(server, 'GET', path, { as: forwarder.account })).status).toBe(200);
    expect((await call(server, 'GET', path, { as: receiver.account })).status).toBe(404);
  });
});

describe('managing a share: its assets and invitations', () => {
  let share: Rec;
  let recipient: { id: string; account: Account };
  const newcomerEmail = 'manage.newcomer@shares.test';
  const assetPath = (i: number) => `/api/assets/${assets[i]!._id}`;
  const sharePath = () => `/api/shares/${share._id}`;

  beforeAll(async () => {
    recipient = await newClient('manage.recipient@shares.test');
    const res = await call(server, 'POST', '/api/shares', {
      body: body({
        assets: [{ _id: assets[0]!._id }, { _id: assets[1]!._id }],
        to: [{ _id: recipient.id }, { emailNormal: newcomerEmail }],
        questions: [],
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    share = res.body;
  });

  it('removing an asset revokes the recipients’ access to it at once, and keeps the rest', async () => {
    expect((await call(server, 'GET', assetPath(1), { as: recipient.account })).status).toBe(200);
    const put = await call(server, 'PUT', sharePath(), { body: { assets: [{ _id: assets[0]!._id }] } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.assets.map((a: Rec) => a._id)).toEqual([assets[0]!._id]);
    expect(put.body.assetsCount).toBe(1);
    expect(put.body.permissions[0].assets).toEqual([assets[0]!._id]);
    expect(Object.keys(put.body.urls)).not.toContain(assets[1]!._id);
    expect((await call(server, 'GET', assetPath(1), { as: recipient.account })).status).toBe(404);
    expect((await call(server, 'GET', assetPath(0), { as: recipient.account })).status).toBe(200);
  });

  it('bad asset lists are 400 naming the field, and change nothing', async () => {
    const before = await call(server, 'GET', sharePath());
    for (const assetsBody of [[], [{ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }], [{ _id: 'not an id' }]]) {
      const res = await call(server, 'PUT', sharePath(), { body: { assets: assetsBody } });
      expect(res.status, JSON.stringify(assetsBody)).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain('assets');
    }
    const after = await call(server, 'GET', sharePath());
    expect(after.body.assets).toEqual(before.body.assets);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it('an asset added later reaches the recipients the share as a whole reached', async () => {
    const put = await call(server, 'PUT', sharePath(), {
      body: { assets: [{ _id: assets[0]!._id }, { _id: assets[2]!._id }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.assets[1]).toMatchObject({ _id: assets[2]!._id, name: assets[2]!.name });
    expect(put.body.permissions[0].assets).toEqual([assets[0]!._id, assets[2]!._id]);
    expect((await call(server, 'GET', assetPath(2), { as: recipient.account })).status).toBe(200);
  });

  it('the sender reads which recipients this share invited have not joined yet; recipients do not', async () => {
    const asSender = await call(server, 'GET', sharePath());
    const newcomer = asSender.body.to.find((u: Rec) => u.emailNormal === newcomerEmail);
    expect(newcomer.$invitation).toMatchObject({ expired: false });
    expect(newcomer.$invitation.expires).toBeGreaterThan(nowSeconds());
    expect(asSender.body.to.find((u: Rec) => u._id === recipient.id).$invitation).toBeUndefined();
    const asRecipient = await call(server, 'GET', sharePath(), { as: recipient.account });
    expect(asRecipient.status).toBe(200);
    expect(asRecipient.body.to.some((u: Rec) => u.$invitation)).toBe(false);
  });

  it('inviting again gives the newcomer a new code (the old one no longer opens), only while they have not joined', async () => {
    const newcomer = share.to.find((u: Rec) => u.emailNormal === newcomerEmail);
    const first = share.$invitations.find((i: Rec) => i.emailNormal === newcomerEmail);
    const again = await call(server, 'POST', `${sharePath()}/invitations/${newcomer._id}`, { body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.inviteCode).not.toBe(first.inviteCode);
    expect((await call(server, 'GET', `/api/invitations/${first.inviteCode}`, { as: null })).status).toBe(404);
    expect((await call(server, 'GET', `/api/invitations/${again.body.inviteCode}`, { as: null })).status).toBe(200);
    const joined = await call(server, 'POST', `${sharePath()}/invitations/${recipient.id}`, { body: {} });
    expect(joined.status).toBe(409);
    const byRecipient = await call(server, 'POST', `${sharePath()}/invitations/${newcomer._id}`, {
      as: recipient.account,
      body: {},
    });
    expect(byRecipient.status).toBe(403);
  });

  it('once the newcomer has joined, the sender reads no pending invitation for them', async () => {
    const newcomer = share.to.find((u: Rec) => u.emailNormal === newcomerEmail);
    const again = await call(server, 'POST', `${sharePath()}/invitations/${newcomer._id}`, { body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await accept(again.body.inviteCode, newcomerEmail);
    const read = await call(server, 'GET', sharePath());
    expect(read.body.to.find((u: Rec) => u._id === newcomer._id).$invitation).toBeUndefined();
  });
});
