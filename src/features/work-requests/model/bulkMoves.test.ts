import { describe, expect, it } from 'vitest';
import type { User } from '../../../api/schema/user';
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';
import { bulkMoveChoices, commonMoves } from './bulkMoves';
import { rowName } from './rowName';

const group = (type: string, studios: string[]) => ({ _id: `g-${type}`, name: type, type, studios });
const cora: User = { _id: 'cora', groups: [group('coordinator', ['north'])] };
const tomas: User = { _id: 'tomas', groups: [group('translator', ['north'])] };
const row = (id: string, status: string, extra: Partial<WorkRequestRow> = {}): WorkRequestRow => ({
  _id: id,
  status,
  studio: 'north',
  asset: { name: `Asset ${id}` },
  language: 'fr-FR',
  territory: 'FR',
  translation: { translator: { _id: 'tomas' } },
  ...extra,
});
const ids = (rows: WorkRequestRow[]) => rows.map((r) => r._id);

describe('bulk status moves', () => {
  it('puts the moves every selected row allows first, and lists the rows each other move skips', () => {
    const rows = [row('a', 'submitted'), row('b', 'submitted'), row('c', 'approved')];
    const choices = bulkMoveChoices(cora, rows);
    // From submitted and from approved, the coordinator may move to in-progress and cancelled.
    expect(commonMoves(choices)).toEqual(['in-progress', 'cancelled']);
    const review = choices.find((c) => c.to === 'complete')!;
    expect(ids(review.rows)).toEqual(['c']);
    expect(ids(review.skipped)).toEqual(['a', 'b']);
    const rejected = choices.find((c) => c.to === 'rejected')!;
    expect(ids(rejected.skipped)).toEqual(['c']);
    expect(choices.map((c) => c.to).slice(0, 2)).toEqual(['in-progress', 'cancelled']);
  });

  it('offers the translator only their moves, on the rows assigned to them', () => {
    const rows = [row('a', 'submitted'), row('b', 'submitted', { translation: { translator: { _id: 'margaux' } } })];
    const choices = bulkMoveChoices(tomas, rows);
    expect(choices.map((c) => c.to)).toEqual(['awaiting-materials', 'in-progress']);
    expect(choices.every((c) => ids(c.skipped).join() === 'b')).toBe(true);
    expect(commonMoves(choices)).toEqual([]);
  });

  it('offers nothing for another studio’s rows or an unknown status', () => {
    expect(bulkMoveChoices(cora, [row('a', 'submitted', { studio: 'harbor' }), row('b', 'on-hold')])).toEqual([]);
  });

  it('names a row by its asset, language and territory', () => {
    expect(rowName(row('a', 'submitted'))).toBe('Asset a · fr-FR FR');
    expect(rowName({ _id: 'x' })).toBe('Untitled asset');
  });
});
