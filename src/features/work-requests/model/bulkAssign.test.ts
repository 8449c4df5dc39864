import { describe, expect, it } from 'vitest';
import type { User } from '../../../api/schema/user';
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';
import { assigneeIdOf, bulkAssignPlan, commonStudio, mayAssign } from './bulkAssign';

const group = (type: string, studios: string[]) => ({ _id: `g-${type}`, name: type, type, studios });
const cora: User = { _id: 'cora', groups: [group('coordinator', ['north'])] };
const ada: User = { _id: 'ada', groups: [group('admin', [])] };
const tomas: User = { _id: 'tomas', groups: [group('translator', ['north'])] };
const row = (id: string, studio: string, translator?: string): WorkRequestRow => ({
  _id: id,
  status: 'submitted',
  studio,
  ...(translator ? { translation: { translator: { _id: translator } } } : {}),
});
const ids = (rows: WorkRequestRow[]) => rows.map((r) => r._id);

describe('bulk assignment', () => {
  const rows = [row('a', 'north'), row('b', 'north', 'tomas'), row('c', 'harbor'), row('d', 'north', 'margaux')];

  it('sends the coordinator’s rows not yet assigned so, and skips the others saying why', () => {
    const plan = bulkAssignPlan(cora, rows, { _id: 'tomas', name: 'Tomas' });
    expect(ids(plan.rows)).toEqual(['a', 'd']);
    expect(plan.skipped.map((s) => `${s.row._id}:${s.why}`)).toEqual(['b:already', 'c:not-yours']);
  });

  it('unassigning skips the rows nobody holds', () => {
    const plan = bulkAssignPlan(cora, rows, null);
    expect(ids(plan.rows)).toEqual(['b', 'd']);
    expect(plan.skipped.map((s) => `${s.row._id}:${s.why}`)).toEqual(['a:already', 'c:not-yours']);
  });

  it('lets an admin assign in any studio, a translator in none', () => {
    expect(rows.every((r) => mayAssign(ada, r))).toBe(true);
    expect(rows.some((r) => mayAssign(tomas, r))).toBe(false);
    expect(bulkAssignPlan(tomas, rows, null).rows).toEqual([]);
  });

  it('reads the assignee from the translation, else the graphics translation', () => {
    expect(assigneeIdOf({ graphicsTranslation: { translator: { _id: 'g' } } })).toBe('g');
    expect(assigneeIdOf({})).toBeNull();
  });

  it('names the studio when the rows share one', () => {
    expect(commonStudio([row('a', 'north'), row('b', 'north')])).toBe('north');
    expect(commonStudio(rows)).toBeNull();
    expect(commonStudio([])).toBeNull();
  });
});
