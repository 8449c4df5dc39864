/**
 * The dashboard's reads: each tile is one page of 5 rows of the work-request list with the tile's filter (its total
 * from Content-Range is the count), each calendar day one count (`X-Range: resources=0-0`). No row is loaded to be
 * counted. Refreshed every minute, when the window regains focus, and soon after a notification arrives on the
 * live connection.
 */
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listWorkRequests, type WorkRequestFilters } from '../../api/workRequests';
import { onArrival } from '../../lib/liveArrivals';
import type { CalendarDay } from './model/calendarDays';
import { dayFilters, TILE_ROWS } from './model/tiles';

export { TILE_ROWS };
const REFRESH_MS = 60_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  tile: (filters: WorkRequestFilters) => [...dashboardKeys.all, 'tile', filters] as const,
  day: (from: number, to: number) => [...dashboardKeys.all, 'day', from, to] as const,
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

/** The number of open orders due on each day (undefined while loading or when the server gives no total). */
export function useDayCounts(days: CalendarDay[]) {
  return useQueries({
    queries: days.map((day) => ({
      queryKey: dashboardKeys.day(day.from, day.to),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        listWorkRequests(dayFilters(day), { size: 1, signal }).then((page) => page.total ?? null),
      refetchInterval: REFRESH_MS,
    })),
  });
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
