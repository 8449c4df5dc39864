/**
 * The weeks of due dates, five at a time from this one (Earlier / Later page by five): a month-like grid, Monday first, each day the number of open orders due then (in the
 * viewer's time zone), each opening the list for that day. The grid is one Tab stop: arrow keys move by day and by
 * week, Home / End to the week's ends (the ARIA grid pattern). "As a list" shows the days with orders as a plain
 * list, for screen readers and narrow screens alike.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { formatCount, plural } from '../../../lib/format';
import { workRequestListPath } from '../../../lib/workRequestListUrl';
import type { CalendarDay } from '../model/calendarDays';
import { dayFilters } from '../model/tiles';
import { useDayCounts } from '../queries';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

// Calendar dates are shown as dates, never moved by a zone: formatted at UTC midnight of the date.
const longDate = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const shortMonth = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const utcDate = (day: CalendarDay) => new Date(Date.UTC(day.date.year, day.date.month - 1, day.date.day));

interface Props {
  weeks: CalendarDay[][];
  todayKey: string;
  timeZone: string;
  /** Which page of weeks: 0 from this week on, 1 the next weeks, -1 the weeks before. */
  page: number;
  onPage: (page: number) => void;
}

export function DueCalendar({ weeks, todayKey, timeZone, page, onPage }: Props) {
  const titleId = useId();
  const days = weeks.flat();
  const counts = useDayCounts(days);
  const [asList, setAsList] = useState(false);
  const todayIndex = Math.max(
    0,
    days.findIndex((d) => d.key === todayKey),
  );
  const [active, setActive] = useState(todayIndex);
  const cells = useRef<(HTMLAnchorElement | null)[]>([]);
  // Another page of weeks: the grid's one Tab stop goes back to today, or to its first day (set while rendering,
  // React's pattern for state that follows a prop).
  const firstKey = days[0]?.key;
  const [activePage, setActivePage] = useState(firstKey);
  if (activePage !== firstKey) {
    setActivePage(firstKey);
    setActive(todayIndex);
  }
  const span = `${dayMonth.format(utcDate(days[0]!))} – ${dayMonth.format(utcDate(days[days.length - 1]!))}`;

  const countOf = (i: number): number | null | undefined => counts.data?.[i];
  const label = (day: CalendarDay, i: number) => {
    const n = countOf(i);
    const what =
      n === undefined
        ? 'loading'
        : n === null
          ? 'count unknown'
          : n === 0
            ? 'no orders due'
            : `${plural(n, 'order')} due`;
    return `${longDate.format(utcDate(day))}${day.key === todayKey ? ' (today)' : ''}: ${what}`;
  };

  const move = (event: KeyboardEvent, from: number) => {
    const weekStart = from - (from % 7);
    const to =
      event.key === 'ArrowRight'
        ? from + 1
        : event.key === 'ArrowLeft'
          ? from - 1
          : event.key === 'ArrowDown'
            ? from + 7
            : event.key === 'ArrowUp'
              ? from - 7
              : event.key === 'Home'
                ? event.ctrlKey
                  ? 0
                  : weekStart
                : event.key === 'End'
                  ? event.ctrlKey
                    ? days.length - 1
                    : weekStart + 6
                  : undefined;
    if (to === undefined) return;
    event.preventDefault();
    const next = Math.min(days.length - 1, Math.max(0, to));
    setActive(next);
    cells.current[next]?.focus();
  };

  return (
    <section className="section dash-calendar" aria-labelledby={titleId}>
      <header className="section__header">
        <h2 id={titleId}>{page === 0 ? `Due dates, next ${weeks.length} weeks` : `Due dates, ${span}`}</h2>
        <div className="section__actions">
          <button
            type="button"
            className="button button--small"
            aria-label={`Earlier ${weeks.length} weeks`}
            onClick={() => onPage(page - 1)}
          >
            ← Earlier
          </button>
          {page !== 0 ? (
            <button type="button" className="button button--small" onClick={() => onPage(0)}>
              This week
            </button>
          ) : null}
          <button
            type="button"
            className="button button--small"
            aria-label={`Next ${weeks.length} weeks`}
            onClick={() => onPage(page + 1)}
          >
            Later →
          </button>
          <button
            type="button"
            className="button button--small"
            aria-pressed={asList}
            onClick={() => setAsList(!asList)}
          >
            As a list
          </button>
        </div>
      </header>
      <div className="section__body">
        <p className="hint dash-calendar__hint">
          Open orders due each day, in your time zone ({timeZone}). Choose a day to open its list.
        </p>
        {counts.isError ? (
          <ErrorPanel
            compact
            error={counts.error}
            title="Could not count the days"
            onRetry={() => void counts.refetch()}
          />
        ) : null}
        {asList ? (
          <DayList days={days} countOf={countOf} label={label} />
        ) : (
          <table role="grid" className="dash-calendar__grid" aria-labelledby={titleId}>
            <thead>
              <tr>
                {WEEKDAYS.map(([short, long]) => (
                  <th key={short} scope="col" abbr={long}>
                    {short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={week[0]!.key}>
                  {week.map((day, d) => {
                    const i = w * 7 + d;
                    const n = countOf(i);
                    const past = day.key < todayKey;
                    const showMonth = i === 0 || day.date.day === 1;
                    return (
                      <td
                        key={day.key}
                        role="gridcell"
                        className={`dash-day${day.key === todayKey ? ' dash-day--today' : ''}${past ? ' dash-day--past' : ''}${n ? ' dash-day--busy' : ''}`}
                      >
                        <Link
                          ref={(el) => {
                            cells.current[i] = el;
                          }}
                          to={workRequestListPath(dayFilters(day))}
                          tabIndex={i === active ? 0 : -1}
                          aria-label={label(day, i)}
                          className="dash-day__link"
                          onKeyDown={(e) => move(e, i)}
                          onFocus={() => setActive(i)}
                          data-day={day.key}
                        >
                          <span className="dash-day__date" aria-hidden="true">
                            {showMonth ? `${shortMonth.format(utcDate(day))} ` : ''}
                            {day.date.day}
                          </span>
                          <span className="dash-day__count" aria-hidden="true">
                            {n === undefined ? '…' : n === null ? '?' : n === 0 ? '' : formatCount(n)}
                          </span>
                        </Link>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

function DayList({
  days,
  countOf,
  label,
}: {
  days: CalendarDay[];
  countOf: (i: number) => number | null | undefined;
  label: (day: CalendarDay, i: number) => string;
}) {
  const busy = days.flatMap((day, i) => (countOf(i) !== 0 ? [{ day, i }] : []));
  if (busy.length === 0) return <p className="dash-tile__empty">No open order is due in these weeks.</p>;
  return (
    <ul className="dash-calendar__list">
      {busy.map(({ day, i }) => (
        <li key={day.key}>
          <Link to={workRequestListPath(dayFilters(day))} data-day={day.key}>
            {label(day, i)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
