/**
 * The coordinator's dashboard (docs/decisions/106-dashboard-from-list-totals.md), their landing page: tiles for what
 * needs attention (overdue, due in the next 7 days, awaiting materials, for review, unassigned) and a calendar of due
 * dates. Every number is a total of the work-request list for a filter, and opens that list. Each tile loads and fails
 * on its own.
 */
import { useState } from 'react';
import { useDocumentTitle } from '../../../components/PageTitle';
import { useNow } from '../../../lib/useNow';
import { DashboardTile } from '../components/DashboardTile';
import { DueCalendar } from '../components/DueCalendar';
import { calendarWeeks, dateIn, dateKey } from '../model/calendarDays';
import { CALENDAR_WEEKS, dashboardMinute } from '../model/tiles';
import { dashboardTiles } from '../model/tileText';
import { useRefreshOnOrderNews } from '../queries';
import '../../../components/record.css';
import '../dashboard.css';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  useRefreshOnOrderNews();
  const nowMs = useNow(60_000);
  const { nowSeconds, timeZone } = dashboardMinute(nowMs);
  const tiles = dashboardTiles(nowSeconds, timeZone);
  const today = dateIn(nowSeconds, timeZone);
  // This page renders once a minute (the children hold the queries), so the days are simply made again (~1 ms).
  // The calendar's page: 0 the weeks from this one, ±1 the five weeks after or before.
  const [page, setPage] = useState(0);
  const weeks = calendarWeeks(nowSeconds, timeZone, CALENDAR_WEEKS, page * CALENDAR_WEEKS);

  return (
    <div className="page dashboard">
      <div className="page__header">
        <h1 className="page__title">Dashboard</h1>
      </div>
      <div className="dash-tiles">
        {tiles.map((tile) => (
          <DashboardTile key={tile.id} tile={tile} nowMs={nowMs} />
        ))}
      </div>
      <DueCalendar weeks={weeks} todayKey={dateKey(today)} timeZone={timeZone} page={page} onPage={setPage} />
    </div>
  );
}
