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

export interface Tile {
  id: TileId;
  title: string;
  /** What the tile holds, in one line under its title. */
  description: string;
  /** Said when the tile holds nothing. */
  empty: string;
  filters: WorkRequestFilters;
}

/**
 * The tiles at `nowSeconds` (whole minutes, so the filters and their URLs stay the same for a minute), with days
 * counted in `timeZone`. Every tile lists soonest due first, but Overdue: latest due first.
 */
export function dashboardTiles(nowSeconds: number, timeZone: string): Tile[] {
  const open = [...OPEN_STATUSES];
  const soon = nextDaysRange(nowSeconds, timeZone);
  return [
    {
      id: 'overdue',
      title: 'Overdue',
      description: 'Open orders past their due date',
      empty: 'Nothing overdue.',
      // The most recently overdue first: what just slipped is what can still be saved, and the page is found at
      // once walking the due index back from now (oldest first walked past closed orders: ~0.5 s of 100,000).
      filters: { status: open, dueTo: nowSeconds, sort: '-due' },
    },
    {
      id: 'due-soon',
      title: 'Due in the next 7 days',
      description: 'Open orders due from now to the end of the seventh day',
      empty: 'Nothing due in the next 7 days.',
      filters: { status: open, dueFrom: soon.from, dueTo: soon.to, sort: 'due' },
    },
    {
      id: 'awaiting-materials',
      title: 'Awaiting materials',
      description: 'Orders waiting for materials before work can start',
      empty: 'No order is waiting for materials.',
      filters: { status: ['awaiting-materials'], sort: 'due' },
    },
    {
      id: 'for-review',
      title: 'For review',
      description: 'Translations sent for your review',
      empty: 'Nothing to review.',
      filters: { status: ['for-review'], sort: 'due' },
    },
    {
      id: 'unassigned',
      title: 'Unassigned',
      description: 'Open orders nobody has been assigned to',
      empty: 'Every open order has someone assigned.',
      filters: { status: open, assignee: 'none', sort: 'due' },
    },
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
