import { describe, expect, it } from 'vitest';
import { workRequestListPath } from '../../../lib/workRequestListUrl';
import { OPEN_STATUSES, dayFilters, tileFilters } from './tiles';
import { dashboardTiles } from './tileText';

const at = (iso: string) => Date.parse(iso) / 1000;
const OPEN = 'incomplete,submitted,awaiting-materials,in-progress,for-review';

describe('dashboard tiles', () => {
  const now = at('2026-11-23T09:15:00Z');
  const tiles = tileFilters(now, 'Europe/Paris');
  const path = (id: string) => workRequestListPath(tiles.find((t) => t.id === id)!.filters);

  it('calls open every status but complete, cancelled, rejected and approved', () => {
    expect(OPEN_STATUSES.join(',')).toBe(OPEN);
  });

  it('opens the list with exactly each tile’s filter', () => {
    expect(tiles.map((t) => t.id)).toEqual(['overdue', 'due-soon', 'awaiting-materials', 'for-review', 'unassigned']);
    expect(decodeURIComponent(path('overdue'))).toBe(`/work-requests?status=${OPEN}&dueTo=${now}&sort=-due`);
    // To the end of 30 November in Paris (1 December 00:00 CET = 23:00 UTC).
    expect(decodeURIComponent(path('due-soon'))).toBe(
      `/work-requests?status=${OPEN}&dueFrom=${now}&dueTo=${at('2026-11-30T23:00:00Z')}&sort=due`,
    );
    expect(path('awaiting-materials')).toBe('/work-requests?status=awaiting-materials&sort=due');
    expect(decodeURIComponent(path('unassigned'))).toBe(`/work-requests?status=${OPEN}&assignee=none&sort=due`);
  });

  it('shows each tile with its words, in the same order', () => {
    const shown = dashboardTiles(now, 'Europe/Paris');
    expect(shown.map((t) => [t.id, t.filters])).toEqual(tiles.map((t) => [t.id, t.filters]));
    expect(shown.find((t) => t.id === 'overdue')).toMatchObject({ title: 'Overdue', empty: 'Nothing overdue.' });
    expect(shown.every((t) => t.title && t.description && t.empty)).toBe(true);
  });

  it('gives a calendar day the open orders due within it', () => {
    expect(dayFilters({ from: 10, to: 20 })).toEqual({
      status: OPEN.split(','),
      dueFrom: 10,
      dueTo: 20,
      sort: 'due',
    });
  });
});
