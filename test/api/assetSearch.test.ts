/**
 * The catalog's asset search (docs/API.md, operation 9 and "Search"): `q` on `GET /assets/countByProject` finds the
 * assets a word of whose name, slug or type starts with each typed word, case and accents aside, among what the
 * caller may see; `type` narrows to one asset type; both combine with `project`, and the total counts only the
 * matches the caller sees. The index follows a renamed asset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, ROLE_ACCOUNTS, type Account, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const totalOf = (res: { headers: Headers }) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);

async function search(query: string, as: Account): Promise<{ ids: string[]; total: number; items: Rec[] }> {
  const res = await call(server, 'GET', `/api/assets/countByProject?${query}`, {
    as,
    headers: { 'X-Range': 'resources=0-999' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const items = res.body as Rec[];
  return { ids: items.map((a) => a._id as string).sort(), total: totalOf(res), items };
}

/** The words of a text as the search cuts them: runs of letters and digits, lower case, accents dropped. */
const wordsOf = (text: unknown) =>
  (typeof text === 'string' ? text : '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether every typed word starts a word of the asset's name, slug or type. */
const matches = (a: Rec, typed: string[]) => {
  const words = [...wordsOf(a.name), ...wordsOf(a.slug), ...wordsOf(a.type)];
  return typed.every((t) => words.some((w) => w.startsWith(t)));
};

let everything: Rec[] = [];

beforeAll(async () => {
  server = await startServer();
  everything = (await search('', DEMO.admin)).items;
  expect(everything.length).toBeGreaterThan(20);
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /assets/countByProject?q=', () => {
  it('finds the assets a word of whose name, slug or type starts with each typed word', async () => {
    const expected = everything.filter((a) => matches(a, ['trai'])).map((a) => a._id as string);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(everything.length);
    const found = await search('q=trai', DEMO.admin);
    expect(found.ids).toEqual([...expected].sort());
    expect(found.total).toBe(expected.length);
    // Case and accents aside; two words must both match, in any order.
    expect((await search('q=TRAÏ', DEMO.admin)).ids).toEqual(found.ids);
    const two = everything.filter((a) => matches(a, ['main', 'trai'])).map((a) => a._id as string);
    expect(two.length).toBeGreaterThan(0);
    expect((await search('q=trai%20main', DEMO.admin)).ids).toEqual([...two].sort());
  });

  it('combines with project and type, and narrows nothing with nothing searchable', async () => {
    const one = everything.find((a) => matches(a, ['trai']))!;
    const inProject = everything.filter((a) => a.project === one.project && matches(a, ['trai']));
    const found = await search(`q=trai&project=${one.project}`, DEMO.admin);
    expect(found.ids).toEqual(inProject.map((a) => a._id as string).sort());

    const type = one.type as string;
    const ofType = everything.filter((a) => a.type === type).map((a) => a._id as string);
    const typed = await search(`type=${encodeURIComponent(type)}`, DEMO.admin);
    expect(typed.ids).toEqual([...ofType].sort());
    expect(typed.items.every((a) => a.type === type)).toBe(true);
    expect((await search('type=no-such-type', DEMO.admin)).total).toBe(0);

    // Punctuation alone is no word: the list as without q (never a 400 or a 500).
    expect((await search('q=%22*-', DEMO.admin)).total).toBe(everything.length);
    // A q longer than a name is read up to its first 200 characters.
    expect((await search(`q=${'trailer'.repeat(100)}`, DEMO.admin)).total).toBe(0);
  });

  it('finds only what the caller may see, and totals only that', async () => {
    const client = ROLE_ACCOUNTS.client;
    const mine = await search('q=trai', client);
    const all = await search('q=trai', DEMO.admin);
    expect(mine.total).toBe(mine.ids.length);
    expect(mine.ids.length).toBeLessThan(all.ids.length);
    for (const id of mine.ids)
      expect((await call(server, 'GET', `/api/assets/${id}`, { as: client })).status, id).toBe(200);
    const hidden = all.ids.find((id) => !mine.ids.includes(id))!;
    expect((await call(server, 'GET', `/api/assets/${hidden}`, { as: client })).status).toBe(404);
    // Sam coordinates one studio: no asset of the other studio is found.
    const sam = await search('q=trai', ROLE_ACCOUNTS.sam);
    const studios = new Set(sam.items.map((a) => a.studio));
    expect(studios.size).toBe(1);
    expect(sam.ids.length).toBeLessThan(all.ids.length);
  });

  it('finds an asset by its new name once renamed, and no longer by the old one', async () => {
    const asset = everything.find((a) => matches(a, ['trai']))!;
    const got = await call(server, 'GET', `/api/assets/${asset._id}`, { as: DEMO.admin });
    const renamed = await call(server, 'PUT', `/api/assets/${asset._id}`, {
      as: DEMO.admin,
      body: { ...got.body, name: 'Zyzzyva Festival Cut' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await search('q=zyzz%20festi', DEMO.admin)).ids).toEqual([asset._id]);
    const old = (asset.name as string).split(' ')[0]!;
    const stillOld = await search(`q=${encodeURIComponent(old)}&project=${asset.project}`, DEMO.admin);
    if (!matches({ ...asset, name: 'Zyzzyva Festival Cut' }, wordsOf(old)))
      expect(stillOld.ids).not.toContain(asset._id);
  });
});
