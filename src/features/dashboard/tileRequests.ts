/**
 * The dashboard tiles' requests as the page makes them (queries.ts useTileRows): what src/app/earlyRequest.ts starts
 * before the app has loaded, on the coordinator's landing page. Kept free of react-query and zod, so that script
 * stays small. The calendar's day counts are not started early: 35 requests would queue before the app's own files.
 */
import type { EarlyGet } from '../../api/earlyRequests';
import { listRangeHeaders } from '../../api/range';
import { WORK_REQUESTS_PATH, workRequestListQuery } from '../../api/workRequestRequests';
import { dashboardMinute, dashboardTiles, TILE_ROWS } from './model/tiles';

export function dashboardTileRequests(nowMs: number): EarlyGet[] {
  const { nowSeconds, timeZone } = dashboardMinute(nowMs);
  return dashboardTiles(nowSeconds, timeZone).map((tile) => ({
    path: WORK_REQUESTS_PATH,
    query: workRequestListQuery(tile.filters),
    headers: listRangeHeaders(0, TILE_ROWS),
  }));
}
