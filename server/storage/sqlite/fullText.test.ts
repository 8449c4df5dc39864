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
function workRequests(s: SqliteStore) {
  const make = (
    asset: string,
    project: string,
    instructions: string,
    language: string,
    extra: Record<string, unknown> = {},
  ) =>
    s.insert('Workrequests', {
      asset: { name: asset },
      project: { name: project },
      instructions,
      language,
      territory: 'FR',
      from: { name: 'Cora Coordinator' },
      status: 'submitted',
      due: { date: 1 },
      ...extra,
    });
  return {
    trailer: make('Main Trailer', 'The Glass Orchard', 'Keep song lyrics.', 'fr-FR').doc,
    resume: make('Résumé Teaser', 'Paper Lanterns', 'Use the approved glossary: "Lanterns" stays.', 'fr-CA').doc,
    spot: make('TV Spot 15s', 'Kingdom of Salt', 'Match the burned-in title card.', 'de-DE').doc,
  };
}

function ids(s: SqliteStore, value: string, extra: Filter[] = []): string[] {
  return s
    .list('Workrequests', { filters: [...extra, search(value)], offset: 0, limit: 100 })
    .items.map((d) => d._id)
    .sort();
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
  it('matches the start of words, case and accents aside, every word required in any order', () => {
    const s = new SqliteStore(':memory:');
    const { trailer, resume, spot } = workRequests(s);
    expect(ids(s, 'trai')).toEqual([trailer._id]);
    expect(ids(s, 'TRAILER main')).toEqual([trailer._id]);
    expect(ids(s, 'resume')).toEqual([resume._id]);
    expect(ids(s, 'RÉSUMÉ')).toEqual([resume._id]);
    expect(ids(s, 'résumé orchard')).toEqual([]);
    expect(ids(s, 'cora')).toEqual([trailer._id, resume._id, spot._id].sort());
    // A word typed with punctuation inside matches those words in that order.
    expect(ids(s, 'fr-FR')).toEqual([trailer._id]);
    expect(ids(s, 'burned-in')).toEqual([spot._id]);
    expect(ids(s, 'in-burned')).toEqual([]);
    expect(ids(s, 'burned-i')).toEqual([spot._id]);
    expect(ids(s, 'burn-in')).toEqual([]);
    // The documented change from substring search: the middle of a word does not match.
    expect(ids(s, 'railer')).toEqual([]);
  });

  it('never turns what was typed into query syntax', () => {
    const s = new SqliteStore(':memory:');
    const { trailer, resume, spot } = workRequests(s);
    const all = [trailer._id, resume._id, spot._id].sort();
    expect(ids(s, '"Lanterns"')).toEqual([resume._id]);
    expect(ids(s, 'trailer"')).toEqual([trailer._id]);
    expect(ids(s, '"main trailer')).toEqual([trailer._id]);
    expect(ids(s, 'main OR spot')).toEqual([]);
    expect(ids(s, 'NOT main')).toEqual([]);
    expect(ids(s, 'main AND trailer')).toEqual([]);
    expect(ids(s, 'NEAR(main trailer)')).toEqual([]);
    expect(ids(s, 'glossary:')).toEqual([resume._id]);
    expect(ids(s, 'asset:main')).toEqual([]);
    expect(ids(s, '-main')).toEqual([trailer._id]);
    expect(ids(s, 'main*')).toEqual([trailer._id]);
    expect(ids(s, '^main')).toEqual([trailer._id]);
    expect(ids(s, '(salt)')).toEqual([spot._id]);
    expect(ids(s, '{asset} : + ~')).toEqual([]);
    expect(ids(s, 'main\u0000trai\u0007glass')).toEqual([trailer._id]);
    expect(ids(s, 'main\u0000')).toEqual([trailer._id]);
    // Nothing searchable (spaces, punctuation) narrows nothing, like an empty search.
    for (const typed of ['"', '*', '-', ':', '" * - : ( ) ^', '   ']) expect(ids(s, typed), typed).toEqual(all);
    expect(s.count('Workrequests', [search('*')])).toBe(3);
  });

  it('builds one quoted prefix phrase per typed word', () => {
    expect(ftsQuery('Main  trai')).toBe('"Main"* "trai"*');
    expect(ftsQuery('say "hi"')).toBe('"say"* """hi"""*');
    expect(ftsQuery('* - "')).toBeUndefined();
  });

  it('follows inserts and updates, and leaves the index alone when the searched text is unchanged', () => {
    const s = new SqliteStore(':memory:');
    const { trailer } = workRequests(s);
    const stored = s.get<Doc>('Workrequests', trailer._id)!;
    s.replace('Workrequests', { ...stored.doc, asset: { name: 'Final Poster' } });
    expect(ids(s, 'trailer')).toEqual([]);
    expect(ids(s, 'poster')).toEqual([trailer._id]);
    s.replace('Workrequests', { ...s.get<Doc>('Workrequests', trailer._id)!.doc, status: 'complete' });
    expect(ids(s, 'poster')).toEqual([trailer._id]);
    expect(s.count('Workrequests', [search('poster')])).toBe(1);
    expect(s.count('Workrequests', [search('trailer')])).toBe(0);
  });

  it('follows deletes made in the database', () => {
    const file = tempFile();
    const s = new SqliteStore(file);
    const { trailer } = workRequests(s);
    s.close();
    const raw = new Database(file);
    raw.prepare('DELETE FROM Workrequests WHERE id = ?').run(trailer._id);
    // The index holds no entry of the deleted row: FTS5's own check compares it with the table.
    raw.exec(`INSERT INTO Workrequests_search_fts (Workrequests_search_fts, rank) VALUES ('integrity-check', 1)`);
    raw.close();
    const again = new SqliteStore(file);
    expect(again.count('Workrequests', [search('trailer')])).toBe(0);
    expect(again.count('Workrequests', [search('cora')])).toBe(2);
    again.close();
  });

  it('indexes the rows of a database made before full-text search when it opens it', () => {
    const file = tempFile();
    const s = new SqliteStore(file);
    const { trailer, resume } = workRequests(s);
    s.insert('Notifications', { to: 'u', title: 'Cora marked Main Trailer', emailSubject: 'Résumé' });
    s.close();
    // The previous version's database: the same tables, no FTS tables or triggers.
    const raw = new Database(file);
    for (const { name } of raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger'`).all() as {
      name: string;
    }[])
      raw.exec(`DROP TRIGGER "${name}"`);
    for (const { name } of raw
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`)
      .all() as { name: string }[])
      raw.exec(`DROP TABLE "${name}"`);
    expect(raw.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name LIKE '%_fts%'`).get()).toEqual({ n: 0 });
    raw.close();
    const upgraded = new SqliteStore(file);
    expect(ids(upgraded, 'main trai')).toEqual([trailer._id]);
    expect(ids(upgraded, 'resume')).toEqual([resume._id]);
    expect(upgraded.count('Notifications', [search('resume cora')])).toBe(1);
    upgraded.close();
    const check = new Database(file);
    check.exec(`INSERT INTO Workrequests_search_fts (Workrequests_search_fts, rank) VALUES ('integrity-check', 1)`);
    // Built once: the next start finds it.
    expect(ensureFullText(check, 'Workrequests', 'search')).toBe(false);
    check.close();
  });

  it('gives the same pages, sorted and filtered, whether a search matches few rows or many', () => {
    const s = new SqliteStore(':memory:');
    const statuses = ['submitted', 'complete', 'in-progress', 'cancelled'];
    s.transaction(() => {
      for (let i = 0; i < 2600; i++) {
        // "alpha" in every row (many matches), "rare" in every 100th (few).
        s.insert('Workrequests', {
          asset: { name: `Alpha ${i % 100 === 0 ? 'Rare' : 'Common'}` },
          status: statuses[i % 4],
          due: { date: (i * 7919) % 1000 },
          created: 1000 + (i % 37),
        });
      }
    });
    const all = s.list<Doc>('Workrequests', { offset: 0, limit: 10_000 }).items;
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
          const page = s.list('Workrequests', { filters: [...filters, search(word)], sort, offset: 7, limit: 40 });
          expect(page.total, `${word} ${String(status)} ${sort.field}`).toBe(expected.length);
          expect(
            page.items.map((d) => d._id),
            `${word} ${String(status)} ${sort.field}`,
          ).toEqual(expected.slice(7, 47));
        }
      }
    }
  });

  it('finds the shares sent to a user by id', () => {
    const s = new SqliteStore(':memory:');
    const a = '0123456789abcdef01234567';
    const b = 'fedcba987654321001234567';
    const share = s.insert('Shares', { to: [a, b] }).doc;
    s.insert('Shares', { to: [b] });
    expect(
      s
        .list('Shares', { filters: [{ field: 'to', op: 'contains', value: a }], offset: 0, limit: 10 })
        .items.map((d) => d._id),
    ).toEqual([share._id]);
  });
});
