/**
 * The dashboard's reads: each tile is one page of 5 rows of the work-request list with the tile's filter (its total
 * from Content-Range is the count), the calendar one request for all its days' counts (or one count a day,
 * `X-Range: resources=0-0`, against a deployment without the extension). No row is loaded to be counted. Refreshed every minute, when the window regains focus, and soon after a notification arrives on the
 * live connection.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { countDueDays, listWorkRequests, type WorkRequestFilters } from '../../api/workRequests';
import { onArrival } from '../../lib/liveArrivals';
import { dayBounds, type CalendarDay } from './model/calendarDays';
import { CALENDAR_FILTERS, TILE_ROWS } from './model/tiles';

export { TILE_ROWS };
const REFRESH_MS = 60_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  tile: (filters: WorkRequestFilters) => [...dashboardKeys.all, 'tile', filters] as const,
  /** The calendar's counts, one query for all its days. */
  calendar: (bounds: readonly number[]) => [...dashboardKeys.all, 'calendar', bounds] as const,
};

export function useTileRows(filters: WorkRequestFilters) {
  return useQuery({
    queryKey: dashboardKeys.tile(filters),
    queryFn: ({ signal }) => listWorkRequests(filters, { size: TILE_ROWS, signal }),
    refetchInterval: REFRESH_MS,
    // The due tiles' filters move with the minute: keep showing the last answer while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The number of open orders due on each day between `bounds` (null where the server gives no total), in one request
 * (the day-counts extension), or one request a day against a deployment that lacks it (remembered: missingExtensions.ts).
 */
export function calendarCountsOptions(bounds: readonly number[]) {
  return queryOptions({
    queryKey: dashboardKeys.calendar(bounds),
    queryFn: ({ signal }) => countDueDays(CALENDAR_FILTERS, bounds, signal),
    refetchInterval: REFRESH_MS,
  });
}

export function useDayCounts(days: CalendarDay[]) {
  return useQuery(calendarCountsOptions(dayBounds(days)));
}

/**
 * Reads the dashboard again a second after notifications stop arriving: most are about orders (`wr-…`, `wam`,
 * `translation-submitted`), and the others cost a few cached counts.
 */
export function useRefreshOnOrderNews(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onArrival(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: dashboardKeys.all }), 1_000);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [client]);
}
