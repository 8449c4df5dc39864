import { describe, expect, it } from 'vitest';
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';
import {
  currentRows,
  isSelected,
  loadedState,
  NO_SELECTION,
  selectAllMatching,
  selectedCount,
  toggleLoaded,
  toggleRange,
  toggleRow,
} from './bulkSelection';

const rows: WorkRequestRow[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ _id: id, status: 'submitted' }));
const [a, b, c, d, e] = rows as [WorkRequestRow, WorkRequestRow, WorkRequestRow, WorkRequestRow, WorkRequestRow];
const chosen = (s: ReturnType<typeof toggleRow>) => [...s.rows.keys()].sort().join('');

describe('bulk selection', () => {
  it('toggles rows by id and counts them', () => {
    let s = toggleRow(NO_SELECTION, b, rows);
    s = toggleRow(s, d, rows);
    expect(chosen(s)).toBe('bd');
    expect(isSelected(s, 'b')).toBe(true);
    s = toggleRow(s, b, rows);
    expect(chosen(s)).toBe('d');
    expect(selectedCount(s, 500)).toBe(1);
  });

  it('selects a range from the anchor with Shift, in either direction, and clears one the same way', () => {
    let s = toggleRow(NO_SELECTION, b, rows);
    s = toggleRange(s, d, rows);
    expect(chosen(s)).toBe('bcd');
    s = toggleRow(s, e, rows);
    s = toggleRange(s, a, rows);
    expect(chosen(s)).toBe('abcde');
    // The anchor is now a; Shift on a selected row clears the range.
    s = toggleRange(s, c, rows);
    expect(chosen(s)).toBe('de');
  });

  it('treats a Shift toggle without an anchor among the loaded rows as a plain toggle', () => {
    expect(chosen(toggleRange(NO_SELECTION, c, rows))).toBe('c');
  });

  it('keeps rows selected that are no longer loaded (a virtual table), and reads them fresh when loaded', () => {
    const s = toggleRow(toggleRow(NO_SELECTION, a, rows), b, rows);
    const reloaded: WorkRequestRow[] = [{ _id: 'b', status: 'in-progress' }];
    expect(currentRows(s, reloaded).map((r) => `${r._id}:${r.status}`)).toEqual(['a:submitted', 'b:in-progress']);
  });

  it('the header box selects every loaded row, then clears them; it shows mixed for some', () => {
    const some = toggleRow(NO_SELECTION, a, rows);
    expect(loadedState(some, rows)).toBe('some');
    const all = toggleLoaded(some, rows);
    expect(loadedState(all, rows)).toBe('all');
    expect(toggleLoaded(all, rows)).toBe(NO_SELECTION);
    expect(loadedState(NO_SELECTION, rows)).toBe('none');
  });

  it('selects all matching the filter: the total counts; deselecting one keeps the loaded rows but it', () => {
    const all = selectAllMatching(rows.slice(0, 2));
    expect(selectedCount(all, 1234)).toBe(1234);
    expect(isSelected(all, 'zzz')).toBe(true);
    const less = toggleRow(all, a, rows.slice(0, 2));
    expect(less.allMatching).toBe(false);
    expect(chosen(less)).toBe('b');
  });
});
