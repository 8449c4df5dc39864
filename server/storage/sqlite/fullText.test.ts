import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from './sqliteStore';
import { ensureFullText, ftsQuery } from './fullText';
import type { Doc, Filter } from '../store';

const search = (value: string): Filter => ({ field: 'search', op: 'contains', value });

/** Work requests whose searched text is asset name, project name, instructions, language, territory, requester. */
async function workRequests(s: SqliteStore) {
  const make = async (
    asset: string,
    project: string,
    instructions: string,
    language: string,
    extra: Record<string, unknown> = {},
  ) =>
    (
      await s.insert('Workrequests', {
        asset: { name: asset },
        project: { name: project },
        instructions,
        language,
        territory: 'FR',
        from: { name: 'Cora Coordinator' },
        status: 'submitted',
        due: { date: 1 },
        ...extra,
      })
    ).doc;
  return {
    trailer: await make('Main Trailer', 'The Glass Orchard', 'Keep song lyrics.', 'fr-FR'),
    resume: await make('Résumé Teaser', 'Paper Lanterns', 'Use the approved glossary: "Lanterns" stays.', 'fr-CA'),
    spot: await make('TV Spot 15s', 'Kingdom of Salt', 'Match the burned-in title card.', 'de-DE'),
  };
}

async function ids(s: SqliteStore, value: string, extra: Filter[] = []): Promise<string[]> {
  const page = await s.list('Workrequests', { filters: [...extra, search(value)], offset: 0, limit: 100 });
  return page.items.map((d) => d._id).sort();
}

const temp: string[] = [];
afterEach(() => {
  for (const dir of temp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-fts-'));
  temp.push(dir);
  return path.join(dir, 'mws.sqlite');
}

describe('full-text search (contains)', () => {
  it('matches the start of words, case and accents aside, every word required in any order', async () => {
    const s = new SqliteStore(':memory:');
    const { trailer, resume, spot } = await workRequests(s);
    expect(await ids(s, 'trai')).toEqual([trailer._id]);
    expect(await ids(s, 'TRAILER main')).toEqual([trailer._id]);
    expect(await ids(s, 'resume')).toEqual([resume._id]);
    expect(await ids(s, 'RÉSUMÉ')).toEqual([resume._id]);
    expect(await ids(s, 'résumé orchard')).toEqual([]);
    expect(await ids(s, 'cora')).toEqual([trailer._id, resume._id, spot._id].sort());
    // A word typed with punctuation inside matches those words in that order.
    expect(await ids(s, 'fr-FR')).toEqual([trailer._id]);
    expect(await ids(s, 'burned-in')).toEqual([spot._id]);
    expect(await ids(s, 'in-burned')).toEqual([]);
    expect(await ids(s, 'burned-i')).toEqual([spot._id]);
    expect(await ids(s, 'burn-in')).toEqual([]);
    // The documented change from substring search: the middle of a word does not match.
    expect(await ids(s, 'railer')).toEqual([]);
  });

  it('never turns what was typed into query syntax', async () => {
    const s = new SqliteStore(':memory:');
    const { trailer, resume, spot } = await workRequests(s);
    const all = [trailer._id, resume._id, spot._id].sort();
    expect(await ids(s, '"Lanterns"')).toEqual([resume._id]);
    expect(await ids(s, 'trailer"')).toEqual([trailer._id]);
    expect(await ids(s, '"main trailer')).toEqual([trailer._id]);
    expect(await ids(s, 'main OR spot')).toEqual([]);
    expect(await ids(s, 'NOT main')).toEqual([]);
    expect(await ids(s, 'main AND trailer')).toEqual([]);
    expect(await ids(s, 'NEAR(main trailer)')).toEqual([]);
    expect(await ids(s, 'glossary:')).toEqual([resume._id]);
    expect(await ids(s, 'asset:main')).toEqual([]);
    expect(await ids(s, '-main')).toEqual([trailer._id]);
    expect(await ids(s, 'main*')).toEqual([trailer._id]);
    expect(await ids(s, '^main')).toEqual([trailer._id]);
    expect(await ids(s, '(salt)')).toEqual([spot._id]);
    expect(await ids(s, '{asset} : + ~')).toEqual([]);
    expect(await ids(s, 'main\u0000trai\u0007glass')).toEqual([trailer._id]);
    expect(await ids(s, 'main\u0000')).toEqual([trailer._id]);
    // Nothing searchable (spaces, punctuation) narrows nothing, like an empty search.
    for (const typed of ['"', '*', '-', ':', '" * - : ( ) ^', '   ']) expect(await ids(s, typed), typed).toEqual(all);
    expect(await s.count('Workrequests', [search('*')])).toBe(3);
  });

  it('builds one quoted prefix phrase per typed word', async () => {
    expect(ftsQuery('Main  trai')).toBe('"Main"* "trai"*');
    expect(ftsQuery('say "hi"')).toBe('"say"* """hi"""*');
    expect(ftsQuery('* - "')).toBeUndefined();
  });

  it('follows inserts and updates, and leaves the index alone when the searched text is unchanged', async () => {
    const s = new SqliteStore(':memory:');
    const { trailer } = await workRequests(s);
    const stored = (await s.get<Doc>('Workrequests', trailer._id))!;
    await s.replace('Workrequests', { ...stored.doc, asset: { name: 'Final Poster' } });
    expect(await ids(s, 'trailer')).toEqual([]);
    expect(await ids(s, 'poster')).toEqual([trailer._id]);
    const again = (await s.get<Doc>('Workrequests', trailer._id))!;
    await s.replace('Workrequests', { ...again.doc, status: 'complete' });
    expect(await ids(s, 'poster')).toEqual([trailer._id]);
    expect(await s.count('Workrequests', [search('poster')])).toBe(1);
    expect(await s.count('Workrequests', [search('trailer')])).toBe(0);
  });

  it('follows deletes made in the database', async () => {
    const file = tempFile();
    const s = new SqliteStore(file);
    const { trailer } = await workRequests(s);
    await s.close();
    const raw = new Database(file);
    raw.prepare('DELETE FROM Workrequests WHERE id = ?').run(trailer._id);
    // The index holds no entry of the deleted row: FTS5's own check compares it with the table.
    raw.exec(`INSERT INTO Workrequests_search_fts (Workrequests_search_fts, rank) VALUES ('integrity-check', 1)`);
    raw.close();
    const again = new SqliteStore(file);
    expect(await again.count('Workrequests', [search('trailer')])).toBe(0);
    expect(await again.count('Workrequests', [search('cora')])).toBe(2);
    await again.close();
  });

  it('indexes the rows of a database made before full-text search when it opens it', async () => {
    const file = tempFile();
    const s = new SqliteStore(file);
    const { trailer, resume } = await workRequests(s);
    await s.insert('Notifications', { to: 'u', title: 'Cora marked Main Trailer', emailSubject: 'Résumé' });
    await s.close();
    // The previous version's database: the same tables, no FTS tables or triggers of the search (the translation
    // memory's, versioned in mws_schema_versions, came later and stay).
    const raw = new Database(file);
    for (const { name } of raw
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name NOT LIKE 'mws_memory%'`)
      .all() as { name: string }[])
      raw.exec(`DROP TRIGGER "${name}"`);
    for (const { name } of raw
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' AND name NOT LIKE 'mws_memory%'`,
      )
      .all() as { name: string }[])
      raw.exec(`DROP TABLE "${name}"`);
    expect(
      raw
        .prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name LIKE '%_fts%' AND name NOT LIKE 'mws_memory%'`)
        .get(),
    ).toEqual({ n: 0 });
    raw.close();
    const upgraded = new SqliteStore(file);
    expect(await ids(upgraded, 'main trai')).toEqual([trailer._id]);
    expect(await ids(upgraded, 'resume')).toEqual([resume._id]);
    expect(await upgraded.count('Notifications', [search('resume cora')])).toBe(1);
    await upgraded.close();
    const check = new Database(file);
    check.exec(`INSERT INTO Workrequests_search_fts (Workrequests_search_fts, rank) VALUES ('integrity-check', 1)`);
    // Built once: the next start finds it.
    expect(ensureFullText(check, 'Workrequests', 'search')).toBe(false);
    check.close();
  });

  it('gives the same pages, sorted and filtered, whether a search matches few rows or many', async () => {
    const s = new SqliteStore(':memory:');
    const statuses = ['submitted', 'complete', 'in-progress', 'cancelled'];
    await s.transaction(async (tx) => {
      for (let i = 0; i < 2600; i++) {
        // "alpha" in every row (many matches), "rare" in every 100th (few).
        await tx.insert('Workrequests', {
          asset: { name: `Alpha ${i % 100 === 0 ? 'Rare' : 'Common'}` },
          status: statuses[i % 4],
          due: { date: (i * 7919) % 1000 },
          created: 1000 + (i % 37),
        });
      }
    });
    const all = (await s.list<Doc>('Workrequests', { offset: 0, limit: 10_000 })).items;
    for (const word of ['alpha', 'rare']) {
      for (const status of [undefined, ['complete', 'cancelled'], ['in-progress']]) {
        for (const sort of [
          { field: 'due', dir: 'asc' as const },
          { field: 'created', dir: 'desc' as const },
        ]) {
          const filters: Filter[] = status ? [{ field: 'status', op: 'in', value: status }] : [];
          const expected = all
            .filter(
              (d) =>
                (word === 'alpha' || (d.asset as { name: string }).name.includes('Rare')) &&
                (!status || status.includes(d.status as string)),
            )
            .sort((a, b) => {
              const key = (d: Doc) => (sort.field === 'due' ? (d.due as { date: number }).date : d.created);
              const dir = sort.dir === 'asc' ? 1 : -1;
              return dir * (key(a) - key(b) || a._id.localeCompare(b._id));
            })
            .map((d) => d._id);
          const page = await s.list('Workrequests', {
            filters: [...filters, search(word)],
            sort,
            offset: 7,
            limit: 40,
          });
          expect(page.total, `${word} ${String(status)} ${sort.field}`).toBe(expected.length);
          expect(
            page.items.map((d) => d._id),
            `${word} ${String(status)} ${sort.field}`,
          ).toEqual(expected.slice(7, 47));
        }
      }
    }
  });

  it('finds the shares sent to a user by id', async () => {
    const s = new SqliteStore(':memory:');
    const a = '0123456789abcdef01234567';
    const b = 'fedcba987654321001234567';
    const share = (await s.insert('Shares', { to: [a, b] })).doc;
    await s.insert('Shares', { to: [b] });
    const page = await s.list('Shares', { filters: [{ field: 'to', op: 'contains', value: a }], offset: 0, limit: 10 });
    expect(page.items.map((d) => d._id)).toEqual([share._id]);
  });
});
