/**
 * The dashboard's first requests as the page makes them (queries.ts: useTileRows, the calendar's counts): what
 * src/app/earlyRequest.ts starts before the app has loaded, on the coordinator's landing page. Kept free of
 * react-query and zod, so that script stays small. The calendar is its one day-counts request (the extension; the
 * 35 per-day requests of a deployment without it were never started early: they would queue before the app's files).
 */
import type { EarlyGet } from '../../api/earlyRequests';
import { listRangeHeaders } from '../../api/range';
import {
  DUE_COUNTS_PATH,
  WORK_REQUESTS_PATH,
  dueCountsQuery,
  workRequestListQuery,
} from '../../api/workRequestRequests';
import { calendarWeeks, dayBounds } from './model/calendarDays';
import { CALENDAR_FILTERS, CALENDAR_WEEKS, dashboardMinute, TILE_ROWS, tileFilters } from './model/tiles';

export function dashboardTileRequests(nowMs: number): EarlyGet[] {
  const { nowSeconds, timeZone } = dashboardMinute(nowMs);
  return tileFilters(nowSeconds, timeZone).map((tile) => ({
    path: WORK_REQUESTS_PATH,
    query: workRequestListQuery(tile.filters),
    headers: listRangeHeaders(0, TILE_ROWS),
  }));
}

/** The calendar's one request: its days' counts (queries.ts calendarCountsOptions). */
export function dashboardCalendarRequest(nowMs: number): EarlyGet {
  const { nowSeconds, timeZone } = dashboardMinute(nowMs);
  const bounds = dayBounds(calendarWeeks(nowSeconds, timeZone, CALENDAR_WEEKS).flat());
  return { path: DUE_COUNTS_PATH, query: dueCountsQuery(CALENDAR_FILTERS, bounds) };
}
