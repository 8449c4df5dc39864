/**
 * The dashboard's tiles: each a filter of the work-request list, so its count (the list's total) and its "View all"
 * (the list with that filter in the URL) always agree.
 */
import { OPEN_STATUSES } from '../../../api/schema/workRequestStatuses';
import type { WorkRequestFilters } from '../../../api/workRequests';
import { viewerTimeZone } from '../../../lib/dates';
import { nextDaysRange, type CalendarDay } from './calendarDays';

/** Rows each tile shows (its count is the list's total). */
export const TILE_ROWS = 5;

/**
 * The dashboard's now: whole minutes, so the tiles' filters (and their URLs and query keys) stay the same for a
 * minute, and the viewer's time zone, in which days are counted.
 */
export function dashboardMinute(nowMs: number): { nowSeconds: number; timeZone: string } {
  return { nowSeconds: Math.floor(nowMs / 60_000) * 60, timeZone: viewerTimeZone(nowMs) };
}

/**
 * Open: the contract's OPEN_STATUSES (every status but the closed ones: approved, rejected, complete, cancelled), the
 * same rule that marks a due date overdue in every list and fills the automation queue. In the spec's order.
 */
export { OPEN_STATUSES };

export type TileId = 'overdue' | 'due-soon' | 'awaiting-materials' | 'for-review' | 'unassigned';

/** A tile's list: what its rows, count and "View all" show. Its words are in tileText.ts (the page's own). */
export interface TileFilter {
  id: TileId;
  filters: WorkRequestFilters;
}

/**
 * The tiles' lists at `nowSeconds` (whole minutes, so the filters and their URLs stay the same for a minute), with
 * days counted in `timeZone`. Every tile lists soonest due first, but Overdue: latest due first. Without the tiles'
 * words: the early script (src/app/earlyRequest.ts) starts these lists' requests on every route's first load.
 */
export function tileFilters(nowSeconds: number, timeZone: string): TileFilter[] {
  const open = [...OPEN_STATUSES];
  const soon = nextDaysRange(nowSeconds, timeZone);
  return [
    // The most recently overdue first: what just slipped is what can still be saved, and the page is found at once
    // walking the due index back from now (oldest first walked past closed orders: ~0.5 s of 100,000).
    { id: 'overdue', filters: { status: open, dueTo: nowSeconds, sort: '-due' } },
    { id: 'due-soon', filters: { status: open, dueFrom: soon.from, dueTo: soon.to, sort: 'due' } },
    { id: 'awaiting-materials', filters: { status: ['awaiting-materials'], sort: 'due' } },
    { id: 'for-review', filters: { status: ['for-review'], sort: 'due' } },
    { id: 'unassigned', filters: { status: open, assignee: 'none', sort: 'due' } },
  ];
}

/** Weeks the calendar shows, from the Monday of the current week. */
export const CALENDAR_WEEKS = 5;

/** What the calendar counts each day: the open orders (soonest due first, when a day's list opens). */
export const CALENDAR_FILTERS: WorkRequestFilters = { status: OPEN_STATUSES, sort: 'due' };

/** A calendar day's filter: the open orders due that day (what its count says and its link opens). */
export function dayFilters(day: Pick<CalendarDay, 'from' | 'to'>): WorkRequestFilters {
  return { ...CALENDAR_FILTERS, dueFrom: day.from, dueTo: day.to };
}
