/** One tile: its count (opening the filtered list), up to five orders soonest due, and "View all". */
import { useId } from 'react';
import { Link } from 'react-router';
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonLines } from '../../../components/Skeleton';
import { StatusBadge } from '../../../components/StatusBadge';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { formatCount } from '../../../lib/format';
import { isOverdue } from '../../../lib/statuses';
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
        ) : null}
      </header>
      <p className="dash-tile__description">{tile.description}</p>
      {query.isPending ? (
        <SkeletonLines lines={TILE_ROWS} label={`Loading ${tile.title.toLowerCase()}`} />
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
      ) : null}
    </section>
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
          <ZonedDateTime compact value={wr.due} overdue={isOverdue(wr.due?.date, wr.status, nowMs)} />
        </span>
        <StatusBadge status={wr.status} />
      </div>
    </li>
  );
}
