/** One tile: its count (opening the filtered list), up to five orders soonest due, and "View all". */
import { useId } from 'react';
import { Link } from 'react-router';
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { StatusBadge } from '../../../components/StatusBadge';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { formatCount } from '../../../lib/format';
import { lateness } from '../../../lib/statuses';
import { workRequestListPath } from '../../../lib/workRequestListUrl';
import { languageName, territoryName } from '../model/names';
import type { Tile } from '../model/tileText';
import { TILE_ROWS, useTileRows } from '../queries';

export function DashboardTile({ tile, nowMs }: { tile: Tile; nowMs: number }) {
  const titleId = useId();
  const query = useTileRows(tile.filters);
  const listPath = workRequestListPath(tile.filters);
  const page = query.data;
  const rows = page?.items.flatMap((item) => (item.ok ? [item.data] : [])) ?? [];
  const unreadable = (page?.items.length ?? 0) - rows.length;
  // Without a total from the server (a deployment without Content-Range), the count says what is known.
  const count =
    page === undefined
      ? undefined
      : page.total !== undefined
        ? formatCount(page.total)
        : `${page.items.length}${page.nextOffset !== undefined ? '+' : ''}`;

  return (
    <section className={`section dash-tile dash-tile--${tile.id}`} aria-labelledby={titleId} data-tile={tile.id}>
      <header className="dash-tile__header">
        <h2 id={titleId} className="dash-tile__title">
          {tile.title}
        </h2>
        {count !== undefined ? (
          <Link to={listPath} className="dash-tile__count" data-count={page?.total}>
            {count}
            <span className="visually-hidden"> {tile.title.toLowerCase()}: open the list</span>
          </Link>
        ) : (
          // The count's place while it loads (two digits' width), so the title wraps now as it will then.
          <span className="dash-tile__count" aria-hidden="true">
            {'\u2007\u2007'}
          </span>
        )}
      </header>
      <p className="dash-tile__description">{tile.description}</p>
      {query.isPending ? (
        <TileRowsLoading label={`Loading ${tile.title.toLowerCase()}`} />
      ) : query.isError && !page ? (
        <ErrorPanel
          compact
          error={query.error}
          title={`Could not load ${tile.title.toLowerCase()}`}
          onRetry={() => void query.refetch()}
        />
      ) : rows.length === 0 && unreadable === 0 ? (
        <p className="dash-tile__empty">{tile.empty}</p>
      ) : (
        <ul className="dash-tile__list">
          {rows.map((wr) => (
            <TileRow key={wr._id} wr={wr} nowMs={nowMs} />
          ))}
          {unreadable > 0 ? (
            <li className="dash-tile__row muted">
              {unreadable === 1 ? 'One order' : `${unreadable} orders`} could not be read; open the list to see them.
            </li>
          ) : null}
        </ul>
      )}
      {page && page.items.length > 0 ? (
        <Link to={listPath} className="dash-tile__all">
          View all<span className="visually-hidden"> {tile.title.toLowerCase()}</span>
        </Link>
      ) : query.isPending ? (
        <span className="dash-tile__all dash-tile__all--pending" aria-hidden="true">
          View all
        </span>
      ) : null}
    </section>
  );
}

/**
 * The tile's rows while they load: as many as it will show, each as tall as a loaded row (dashboard.css), so the tiles
 * and the calendar under them do not move when the orders arrive (they moved ~500 px: e2e/layout-shift.spec.ts).
 */
function TileRowsLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label}>
      <ul className="dash-tile__list" aria-hidden="true">
        {Array.from({ length: TILE_ROWS }, (_, i) => (
          <li key={i} className="dash-tile__row dash-tile__row--loading">
            <div className="skeleton" style={{ width: `${75 - ((i * 17) % 30)}%` }} />
            <div className="skeleton" style={{ width: `${55 - ((i * 11) % 20)}%` }} />
            <div className="skeleton" style={{ width: '45%' }} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function TileRow({ wr, nowMs }: { wr: WorkRequestRow; nowMs: number }) {
  const place = [languageName(wr.language), territoryName(wr.territory)].filter(Boolean).join(' · ');
  const name = wr.asset?.name ?? 'Untitled asset';
  return (
    <li className="dash-tile__row">
      {wr._id ? (
        <Link to={`/work-requests/${encodeURIComponent(wr._id)}`} className="dash-tile__asset">
          {name}
        </Link>
      ) : (
        <span className="dash-tile__asset">{name}</span>
      )}
      {place ? <span className="dash-tile__place">{place}</span> : null}
      <div className="dash-tile__meta">
        <span className="dash-tile__due">
          <span className="visually-hidden">Due </span>
          <ZonedDateTime compact value={wr.due} late={lateness(wr.due?.date, wr.status, nowMs)?.label} />
        </span>
        <StatusBadge status={wr.status} />
      </div>
    </li>
  );
}
