import { describe, expect, it } from 'vitest';
import { toListRow, toListRows } from './listRow';

const full = {
  _id: 'a'.repeat(24),
  status: 'in-progress',
  language: 'fr-FR',
  territory: 'FR',
  assetType: 'trailer',
  due: { date: 1, tz: 'Europe/Paris' },
  created: 2,
  asset: {
    _id: 'b',
    name: 'Main Trailer',
    type: 'trailer',
    mediaType: 'video',
    thumbnail: { _id: 't' },
    workflow: { phase: 'LOCK' },
  },
  project: { _id: 'p', name: 'Paper Lanterns', slug: 'paper-lanterns' },
  from: {
    _id: 'u',
    name: 'Priya',
    emailNormal: 'p@x',
    groups: [
      { _id: 'g', name: 'G' },
      { _id: 'h', name: 'H' },
    ],
  },
  history: [{ status: 'incomplete' }],
  materials: [{ name: 'Textless' }],
  instructions: 'Long text',
  studio: 's',
  translation: { _id: 't1', status: 'incomplete', translator: { _id: 'tr', name: 'Tomas', emailNormal: 'tr@x' } },
};

describe('toListRow', () => {
  it('keeps what the list shows and drops the rest', () => {
    const row = toListRow(full);
    expect(row).toEqual({
      _id: full._id,
      status: 'in-progress',
      language: 'fr-FR',
      territory: 'FR',
      assetType: 'trailer',
      due: full.due,
      created: 2,
      asset: { _id: 'b', name: 'Main Trailer', type: 'trailer', mediaType: 'video', thumbnail: { _id: 't' } },
      project: { _id: 'p', name: 'Paper Lanterns' },
      from: { _id: 'u', name: 'Priya', emailNormal: 'p@x', groups: [{ _id: 'g', name: 'G' }] },
      studio: 's',
      translation: { translator: { _id: 'tr', name: 'Tomas', emailNormal: 'tr@x' } },
    });
    expect(JSON.stringify(row).length).toBeLessThan(JSON.stringify(full).length);
  });

  it('keeps the translations’ translator only (the Assignee column)', () => {
    const translator = { _id: 't1', name: 'Tomas', emailNormal: 't@x', groups: [{ _id: 'g', name: 'Lumen' }] };
    const row = toListRow({
      ...full,
      translation: { translator, lines: [{ text: 'x' }], status: 'incomplete' },
      graphicsTranslation: { status: 'incomplete' },
    });
    expect(row.translation).toEqual({ translator: { _id: 't1', name: 'Tomas', emailNormal: 't@x' } });
    expect('graphicsTranslation' in row).toBe(false);
  });

  it('copes with a record missing everything', () => {
    expect(toListRow({})).toMatchObject({ asset: undefined, project: undefined, from: undefined });
  });

  it('leaves unreadable items of a page as they are', () => {
    const bad = { ok: false as const, id: 'x', raw: { _id: 'x' }, problems: [] };
    const page = toListRows({
      items: [{ ok: true, data: full, problems: [] }, bad],
      offset: 0,
      total: 2,
      nextOffset: undefined,
    });
    expect(page.items[1]).toBe(bad);
    expect(page.items[0]!.ok && page.items[0]!.data.history).toBeUndefined();
  });
});
