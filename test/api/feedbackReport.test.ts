/**
 * The share feedback report (docs/API.md "Reports", "Share feedback"), against the real server on both stores: two
 * recipients in two territories vote, answer and comment on a share's assets; the report counts each response by
 * asset, territory, both and period, tallies the answers, lists the comments and applies its filters; it needs the
 * `shareVotingView` permission (403 without) and a studio's coordinator counts their studio only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type Account, type TestServer } from '../support/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

let server: TestServer;
let assets: Rec[];
let territories: Rec[];
let share: Rec;
const today = new Date().toISOString().slice(0, 10);

/** A new client in `territory`, invited by an admin and accepted: their account. */
async function newRecipient(email: string, territory: Rec): Promise<{ id: string; account: Account }> {
  const created = await call(server, 'PUT', '/api/users', {
    as: DEMO.admin,
    body: { emailNormal: email, territory: { _id: territory._id } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const password = 'feedback-report-password';
  const accepted = await call(server, 'POST', `/api/invitations/${created.body.inviteCode}`, {
    as: null,
    body: { name: email.split('@')[0], password },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { id: created.body._id, account: { username: email, password } };
}

async function feedback(as: Account, asset: Rec, body: Rec): Promise<void> {
  const res = await call(server, 'PUT', `/api/shares/${share._id}/feedback/${asset._id}`, { as, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function report(query = '', as: Account = DEMO.admin): Promise<Rec> {
  const res = await call(server, 'GET', `/api/reports/feedback?from=${today}&to=${today}${query}`, { as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Rec;
}

beforeAll(async () => {
  server = await startServer();
  const studios = (await call(server, 'GET', '/api/studios', { as: DEMO.admin })).body as Rec[];
  const harbor = studios.find((s) => /harbor/i.test(s.name))!._id as string;
  const listed = await call(server, 'GET', '/api/assets/countByProject', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-199' },
  });
  // Two assets of a studio other than Harbor Lane's (whose coordinator must not count them).
  const studio = (listed.body as Rec[]).find((a) => a.studio !== harbor)!.studio;
  assets = (listed.body as Rec[]).filter((a) => a.studio === studio).slice(0, 2);
  expect(assets).toHaveLength(2);
  territories = ((await call(server, 'GET', '/api/territories', { as: DEMO.admin })).body as Rec[]).slice(0, 2);
  expect(territories).toHaveLength(2);
  const [ana, ben] = [
    await newRecipient('ana.press@feedback.test', territories[0]!),
    await newRecipient('ben.press@feedback.test', territories[1]!),
  ];
  const sent = await call(server, 'POST', '/api/shares', {
    body: {
      assets: assets.map((a) => ({ _id: a._id })),
      to: [{ _id: ana.id }, { _id: ben.id }],
      feedback: { enabled: true },
      questions: [
        { type: 'yesno', text: 'Would this work in your territory?' },
        { type: 'choice', text: 'Which release?', choices: ['Cinema', 'Streaming'] },
      ],
    },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  share = sent.body;
  await feedback(ana.account, assets[0]!, { vote: 'up', answers: { q1: 'yes' }, comment: 'Love the opening' });
  await feedback(ana.account, assets[1]!, { vote: 'order' });
  await feedback(ben.account, assets[0]!, { vote: 'down', answers: { q1: 'no', q2: 'Streaming' } });
}, 120_000);
afterAll(() => server?.stop());

describe('GET /reports/feedback', () => {
  it('counts each response by vote, in total and per asset, with the people and assets answered', async () => {
    const r = await report();
    expect(r.totals).toEqual({ responses: 3, up: 1, down: 1, order: 1, noVote: 0, people: 2, assets: 2 });
    expect(r.byAsset).toEqual([
      { asset: assets[0]!._id, name: assets[0]!.name, responses: 2, up: 1, down: 1, order: 0, noVote: 0 },
      { asset: assets[1]!._id, name: assets[1]!.name, responses: 1, up: 0, down: 0, order: 1, noVote: 0 },
    ]);
  });

  it("per recipient's territory, per asset and territory, and per period", async () => {
    const r = await report();
    const [t1, t2] = territories;
    expect(r.byTerritory).toEqual([
      { territory: t1!._id, name: t1!.name, responses: 2, up: 1, down: 0, order: 1, noVote: 0 },
      { territory: t2!._id, name: t2!.name, responses: 1, up: 0, down: 1, order: 0, noVote: 0 },
    ]);
    expect(r.byAssetTerritory).toHaveLength(3);
    expect(r.byAssetTerritory).toContainEqual(
      expect.objectContaining({ asset: assets[0]!._id, territory: t2!._id, responses: 1, down: 1 }),
    );
    expect(r.periods).toEqual([{ period: today.slice(0, 7), responses: 3, up: 1, down: 1, order: 1, noVote: 0 }]);
  });

  it("tallies the answers to the share's questions, and lists the comments", async () => {
    const r = await report();
    expect(r.answers.read).toBe(3);
    expect(r.answers.of).toBe(3);
    const byQuestion = Object.fromEntries(r.answers.questions.map((q: Rec) => [q.text, q.answers]));
    expect(byQuestion['Would this work in your territory?']).toEqual(
      expect.arrayContaining([
        { answer: 'yes', count: 1 },
        { answer: 'no', count: 1 },
      ]),
    );
    expect(byQuestion['Which release?']).toEqual([{ answer: 'Streaming', count: 1 }]);
    expect(r.latest).toEqual([
      expect.objectContaining({ asset: assets[0]!._id, vote: 'up', comment: 'Love the opening', name: 'ana.press' }),
    ]);
  });

  it('applies the territory, studio and project filters and the range', async () => {
    expect((await report(`&territory=${encodeURIComponent(territories[1]!.name)}`)).totals.responses).toBe(1);
    expect((await report(`&studio=${assets[0]!.studio}`)).totals.responses).toBe(3);
    // Each asset's responses under its project (both assets may share one).
    const inProject = assets.filter((a) => a.project === assets[1]!.project).length === 2 ? 3 : 1;
    expect((await report(`&project=${assets[1]!.project}`)).totals.responses).toBe(inProject);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await call(server, 'GET', `/api/reports/feedback?from=${yesterday}&to=${yesterday}`, {
      as: DEMO.admin,
    });
    expect(before.body.totals.responses).toBe(0);
    // Feedback is not recorded by language, group or vendor: asking for it is a 400 that names the parameter.
    const bad = await call(server, 'GET', '/api/reports/feedback?language=fr-FR', { as: DEMO.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^language: /);
  });

  it('needs shareVotingView: 403 for a translator and a client without it; a coordinator counts their studio only', async () => {
    for (const as of [ROLE_ACCOUNTS.translator, ROLE_ACCOUNTS.client]) {
      const res = await call(server, 'GET', '/api/reports/feedback', { as });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/shareVotingView/);
    }
    expect((await report('', ROLE_ACCOUNTS.sam)).totals.responses).toBe(0);
    expect((await report('', ROLE_ACCOUNTS.cora)).totals.responses).toBe(3);
  });
});
