/**
 * `q` on GET /workrequests, GET /projects, GET /notifications and POST /notifications/markRead (docs/API.md, "Search"): whatever is
 * typed answers 200, never a 500 from the search engine's syntax, and the rows answered are the ones whose words
 * start with every word typed, case and accents aside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, ROLE_ACCOUNTS, type Account, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

interface Row {
  _id: string;
  asset?: { name?: string };
  project?: { name?: string };
  instructions?: string;
  language?: string;
  territory?: string;
  from?: { name?: string };
}

/** The words of a text as the search sees them: letters and digits, lower case, accents removed. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function searchedWords(wr: Row): string[] {
  return words([wr.asset?.name, wr.project?.name, wr.instructions, wr.language, wr.territory, wr.from?.name].join(' '));
}

async function search(
  q: string,
  range = 'resources=0-999',
): Promise<{ status: number; total: number; rows: Row[]; body: unknown }> {
  const res = await call(server, 'GET', `/api/workrequests?q=${encodeURIComponent(q)}`, {
    headers: { 'X-Range': range },
  });
  const total = Number(res.headers.get('content-range')?.split('/')[1] ?? NaN);
  return { status: res.status, total, rows: Array.isArray(res.body) ? (res.body as Row[]) : [], body: res.body };
}

const HOSTILE = [
  '"',
  '""',
  'a"b',
  '"trailer',
  '*',
  'trai*',
  '-',
  '-trailer',
  ':',
  'asset:trailer',
  'NEAR',
  'NEAR(trailer main)',
  'trailer OR teaser',
  'NOT trailer',
  'AND',
  '(',
  ')',
  '^trailer',
  '{asset}',
  '+',
  "'; DROP TABLE Workrequests; --",
  '%',
  '_',
  '\\',
  'trailer\u0000',
  'a\u0000b',
  'ü',
  '🎬',
  '日本',
  'x'.repeat(400),
  '" OR "" = "',
  'col : "x" *',
];

describe('search (q)', () => {
  it('answers 200 with a Content-Range for operators, quotes and unicode in q', async () => {
    for (const q of HOSTILE) {
      const res = await search(q, 'resources=0-9');
      expect(res.status, `q=${q}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      expect(Number.isInteger(res.total), q).toBe(true);
    }
    for (const q of HOSTILE) {
      const res = await call(server, 'GET', `/api/notifications?q=${encodeURIComponent(q)}`, {
        headers: { 'X-Range': 'resources=0-9' },
      });
      expect(res.status, `notifications q=${q}`).toBe(200);
    }
  });

  it('answers the rows in which every typed word starts a word, in any order, case and accents aside', async () => {
    const all = await search('', 'resources=0-0');
    const sample = (
      await call(server, 'GET', '/api/workrequests?sort=due', { headers: { 'X-Range': 'resources=0-0' } })
    ).body[0] as Row;
    const [first, second] = words(sample.asset?.name ?? '');
    expect(first, 'the sample has an asset name').toBeTruthy();
    const typed = `${second ? second.toUpperCase() : ''} ${first!.slice(0, 3)}`;
    const found = await search(typed);
    expect(found.status).toBe(200);
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThanOrEqual(all.total);
    expect(found.rows).toHaveLength(Math.min(found.total, 1000));
    expect(found.rows.map((r) => r._id)).toContain(sample._id);
    const wanted = words(typed);
    for (const row of found.rows) {
      const have = searchedWords(row);
      for (const w of wanted)
        expect(
          have.some((h) => h.startsWith(w)),
          `${row._id} has a word starting with ${w}`,
        ).toBe(true);
    }
    // Accents and case aside: the same rows.
    const accented = typed.replace(/e/g, 'é').replace(/a/g, 'À');
    expect((await search(accented)).total).toBe(found.total);
  });

  it('narrows nothing when only punctuation is typed, and finds nothing for a word no record has', async () => {
    const all = await search('', 'resources=0-0');
    expect((await search('" * - :', 'resources=0-0')).total).toBe(all.total);
    expect((await search('zzz-no-such-thing', 'resources=0-0')).total).toBe(0);
  });

  it('marks read only the notifications a search matches', async () => {
    const res = await call(server, 'GET', '/api/notifications?read=false', {
      headers: { 'X-Range': 'resources=0-999' },
    });
    const unread = res.body as { _id: string; title: string }[];
    expect(unread.length).toBeGreaterThan(1);
    const target = unread[0]!;
    const typed = words(target.title)
      .slice(-2)
      .map((w) => w.toUpperCase())
      .join(' ');
    const matching = (
      await call(server, 'GET', `/api/notifications?read=false&q=${encodeURIComponent(typed)}`, {
        headers: { 'X-Range': 'resources=0-999' },
      })
    ).body as { _id: string }[];
    expect(matching.map((n) => n._id)).toContain(target._id);
    for (const q of ['"', 'NEAR(', 'a"b*']) {
      const bad = await call(server, 'POST', '/api/notifications/markRead', { body: { q: `zzz-no-such-thing ${q}` } });
      expect(bad.status, q).toBe(200);
      expect(bad.body).toEqual({ updated: 0 });
    }
    const marked = await call(server, 'POST', '/api/notifications/markRead', { body: { q: typed } });
    expect(marked.body).toEqual({ updated: matching.length });
    const after = (
      await call(server, 'GET', '/api/notifications?read=false', { headers: { 'X-Range': 'resources=0-999' } })
    ).body as unknown[];
    expect(after).toHaveLength(unread.length - matching.length);
  });
});

describe('search of projects (q on GET /projects)', () => {
  interface ProjectRow {
    _id: string;
    name?: string;
    slug?: string;
    studio?: string;
    archived?: boolean;
  }
  async function projects(query: string, as: Account = ROLE_ACCOUNTS.admin) {
    const res = await call(server, 'GET', `/api/projects?${query}`, { as, headers: { 'X-Range': 'resources=0-99' } });
    expect(res.status, `${query}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    return { total: Number(res.headers.get('content-range')?.split('/')[1]), rows: res.body as ProjectRow[] };
  }
  const names = (rows: ProjectRow[]) => rows.map((p) => p.name).sort();

  it('answers 200 whatever is typed', async () => {
    for (const q of HOSTILE) await projects(`q=${encodeURIComponent(q)}`);
  });

  it('finds the projects whose name or slug has a word starting with every word typed, in any order', async () => {
    expect(names((await projects('q=cartog')).rows)).toEqual(['The Last Cartographer']);
    expect(names((await projects('q=SALT%20king')).rows)).toEqual(['Kingdom of Salt']);
    expect(names((await projects(`q=${encodeURIComponent('Kíngdom')}`)).rows)).toEqual(['Kingdom of Salt']);
    // The middle of a word is not a word's start.
    expect((await projects('q=artographer')).total).toBe(0);
    // Punctuation alone narrows nothing.
    expect((await projects('q=%22')).total).toBe((await projects('')).total);
  });

  it('keeps the other filters and the caller’s scope', async () => {
    const ashes = (await projects('q=ashes')).rows;
    expect(names(ashes)).toEqual(['Ashes of Pallas']);
    expect(ashes[0]?.archived).toBe(true);
    expect((await projects('q=ashes&archived=false')).total).toBe(0);
    const cartographer = (await projects('q=cartographer')).rows[0]!;
    const orchard = (await projects('q=orchard')).rows[0]!;
    expect(orchard.studio).not.toBe(cartographer.studio);
    expect((await projects(`q=orchard&studio=${cartographer.studio}`)).total).toBe(0);
    // Sam coordinates only Harbor Lane (the Cartographer's studio): the Orchard is not found for him.
    expect((await projects('q=cartographer', ROLE_ACCOUNTS.sam)).total).toBe(1);
    expect((await projects('q=orchard', ROLE_ACCOUNTS.sam)).total).toBe(0);
  });
});
