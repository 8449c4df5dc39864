/**
 * Translation memory (docs/API.md, "Translation memory") against the real server: an order's translation feeds its
 * studio's memory when approved, not before; exact and similar lookups; another studio's translation never sees
 * it; bad bodies are 400s that change nothing. Its translated lines carry a marker of this run, so the matches
 * it made are told from the seed's.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';

let server: TestServer;

const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };
const SAM: Account = { username: 'sam.okafor@harborlane.test', password: 'demo-password' };
const MARK = `tm-${randomBytes(4).toString('hex')}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

let order: string;
let translation: Rec;
let originals: string[];
/** The line translated with a paragraph (several sentences): a misaligned pair the memory must not offer. */
let misaligned: number;
const PARAGRAPH =
  'Nous sommes arrivés hier soir. Depuis, rien ne va plus dans cette maison. Personne ne parle, et la mer monte.';
/** A translation of the same language in the other studio (Harbor Lane). */
let elsewhere: string;

const lookUp = (id: string, body: unknown, as: Account = DEMO.admin) =>
  call(server, 'POST', `/api/translations/${id}/memory`, { as, body });

/** The matches of a lookup that this run's approval made. */
const ours = (results: Rec[]): Rec[] =>
  results.flatMap((r: Rec) =>
    (r.matches as Rec[]).filter((m) => String(m.text).includes(MARK)).map((m) => ({ index: r.index as number, ...m })),
  );

async function placeOrder(as: Account, asset: string, language: string, territory: string): Promise<Rec> {
  const placed = await call(server, 'POST', '/api/workrequests', {
    as,
    body: {
      asset,
      language,
      territory,
      dng: { dialogue: ['subtitles'] },
      due: { date: Math.floor(Date.now() / 1000) + 14 * 86400, tz: 'Europe/Paris' },
      instructions: 'Translation memory test order',
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

const move = async (id: string, status: string, as: Account = DEMO.admin) => {
  const res = await call(server, 'PUT', `/api/workrequests/${id}`, { as, body: { status, reason: `test: ${status}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

beforeAll(async () => {
  server = await startServer();
  const translatorId = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body._id;
  const list = await call(server, 'GET', '/api/workrequests?sort=-created', {
    as: PRIYA,
    headers: { 'X-Range': 'resources=0-0' },
  });
  const template = list.body[0];
  const wr = await placeOrder(PRIYA, template.asset._id, template.language, template.territory);
  order = wr._id;
  expect(
    (await call(server, 'PUT', `/api/workrequests/${order}`, { as: DEMO.admin, body: { assignee: translatorId } }))
      .status,
  ).toBe(200);
  await move(order, 'in-progress');
  const full = (await call(server, 'GET', `/api/workrequests/${order}`, { as: DEMO.admin })).body;
  const tid = full.translation._id;
  const transcription = (
    await call(server, 'GET', `/api/translations/${full.asset.transcription.dialogue}`, { as: DEMO.admin })
  ).body;
  originals = (transcription.lines as Rec[]).map((l) => l.text as string);
  const current = await call(server, 'GET', `/api/translations/${tid}`, { as: DEMO.translator });
  const longest = originals.reduce((a, b) => (b.length > a.length ? b : a));
  misaligned = originals.findIndex(
    (o, i) =>
      i > 0 && o !== longest && o.length >= 12 && o.length <= 30 && originals.indexOf(o) === originals.lastIndexOf(o),
  );
  expect(misaligned).toBeGreaterThan(0);
  const lines = (current.body.lines as Rec[]).map((l, i) => ({
    ...l,
    text: i === misaligned ? `${MARK} ${PARAGRAPH}` : `${MARK} ${i + 1}`,
    custom: true,
  }));
  const saved = await call(server, 'PUT', `/api/translations/${tid}`, {
    as: DEMO.translator,
    body: { lines },
    headers: { 'If-Match': current.headers.get('etag')! },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  translation = saved.body;

  // The other studio: one of Sam's assets, the same language, placed by the admin.
  const theirs = await call(server, 'GET', '/api/workrequests', { as: SAM, headers: { 'X-Range': 'resources=0-49' } });
  const asset = (theirs.body as Rec[]).find((w) => w.asset?.transcription?.dialogue)!.asset;
  elsewhere = (await placeOrder(DEMO.admin, asset._id, template.language, template.territory)).translation._id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('translation memory', () => {
  it('is fed on approval only, with exact matches for every line', async () => {
    const before = await lookUp(translation._id, { texts: originals });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({ source: 'en', target: translation.language });
    expect(ours(before.body.results)).toEqual([]);

    await move(order, 'for-review');
    expect(ours((await lookUp(translation._id, { texts: originals })).body.results)).toEqual([]);

    await move(order, 'approved', DEMO.coordinator);
    const after = await lookUp(translation._id, { texts: originals });
    const found = ours(after.body.results);
    // Every original line has this run's translation among its matches (a repeated original keeps one of them), but
    // the one translated with a paragraph: not line-sized, not fed.
    expect(new Set(found.map((m) => m.index))).toEqual(
      new Set(originals.map((_, i) => i).filter((i) => i !== misaligned)),
    );
    expect(found[0]).toMatchObject({ similarity: 100, exact: true, translation: translation._id, workRequest: order });
    const first = found.find((m) => m.index === 0)!;
    expect(first.original).toBe(originals[0]);
  });

  it('offers similar originals with their similarity, and not below 75 %', async () => {
    const longest = originals.reduce((a, b) => (b.length > a.length ? b : a));
    const changed = `${longest.slice(0, -3)}zzz`;
    const res = await lookUp(translation._id, { texts: [changed, 'Nothing at all like any line, qwxz.'], fuzzy: true });
    expect(res.status).toBe(200);
    const found = ours(res.body.results);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatchObject({ index: 0, exact: false, original: longest });
    expect(found[0]!.similarity).toBeGreaterThanOrEqual(75);
    expect(found[0]!.similarity).toBeLessThan(100);
    expect(res.body.results.find((r: Rec) => r.index === 1)).toBeUndefined();
  });

  it('never offers a translation out of proportion to its line, exact or similar', async () => {
    const original = originals[misaligned]!;
    const exact = await lookUp(translation._id, { texts: [original] });
    expect(exact.status).toBe(200);
    const similar = await lookUp(translation._id, { texts: [`${original.slice(0, -1)}!`], fuzzy: true });
    expect(similar.status).toBe(200);
    const offered = [...exact.body.results, ...similar.body.results].flatMap((r: Rec) => r.matches as Rec[]);
    expect(offered.filter((m) => String(m.text).includes(PARAGRAPH))).toEqual([]);
  });

  it("never answers another studio's segments, and a caller outside the studio gets a 404", async () => {
    const other = await lookUp(elsewhere, { texts: originals });
    expect(other.status).toBe(200);
    expect(other.body.source).toBe('en');
    expect(ours(other.body.results)).toEqual([]);
    expect((await lookUp(translation._id, { texts: originals }, SAM)).status).toBe(404);
    expect((await lookUp('f'.repeat(24), { texts: ['x'] })).status).toBe(404);
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const bad: unknown[] = [
      undefined,
      {},
      { texts: [] },
      { texts: 'Run!' },
      { texts: [1] },
      { texts: ['x'.repeat(2001)] },
      { texts: Array.from({ length: 5001 }, () => 'x') },
      { texts: Array.from({ length: 21 }, () => 'x'), fuzzy: true },
      { texts: ['x', 'x'.repeat(501)], fuzzy: true },
      { texts: ['x'], fuzzy: 'yes' },
      { texts: ['x'], extra: 1 },
    ];
    for (const body of bad) {
      const res = await lookUp(translation._id, body);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });

  it('bounds similar lookups: at most 500 characters a text, named in the 400; exact ones take 2,000', async () => {
    const long = await lookUp(translation._id, { texts: ['Run!', 'y'.repeat(501)], fuzzy: true });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({
      code: 'bad_request',
      message: 'texts.1: at most 500 characters when asking for similar matches',
      details: [{ path: 'texts.1', message: 'at most 500 characters with "fuzzy": true' }],
    });
    expect((await lookUp(translation._id, { texts: ['y'.repeat(500)], fuzzy: true })).status).toBe(200);
    expect((await lookUp(translation._id, { texts: ['y'.repeat(2000)] })).status).toBe(200);
  });
});
