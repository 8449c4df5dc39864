/**
 * Assets into the share queue (lib/shareQueue.ts, sent from /shares/new) from an asset list (a project's assets, the
 * catalog's asset search): the rows picked in the table (a box per row; Space on the active row, Ctrl/Cmd+A the
 * loaded rows), or every asset the list holds, read page by page (up to what one share holds). The queue is the one
 * every page adds to; the bar says how many it holds.
 */
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Asset } from '../../../api/schema/asset';
import { listAssets, type AssetFilter } from '../../../api/assets';
import { RowSelectBox } from '../../../components/RowSelectBox';
import type { Column, RowSelection } from '../../../components/VirtualTable';
import { describeError } from '../../../components/ErrorPanel';
import { plural } from '../../../lib/format';
import { shareQueue, useShareQueue } from '../../../lib/shareQueue';

/** The most assets one share holds (the server's limit: docs/API.md "Sending a share"). */
export const SHARE_ASSET_LIMIT = 500;
const PAGE = 100;

/** Every asset id a list holds (a project's, a search's), page by page, up to `limit`. */
export async function assetIdsOf(filter: AssetFilter, limit = SHARE_ASSET_LIMIT): Promise<string[]> {
  const ids: string[] = [];
  let offset: number | undefined = 0;
  while (offset !== undefined && ids.length < limit) {
    const page = await listAssets(filter, { offset, size: PAGE });
    for (const item of page.items) if (item.ok && item.data._id) ids.push(item.data._id);
    offset = page.nextOffset;
  }
  return ids.slice(0, limit);
}

export interface AssetPicks extends RowSelection<Asset> {
  ids: ReadonlySet<string>;
  clear: () => void;
}

/** The picked rows of the project's asset table. */
export function useAssetPicks(loaded: readonly Asset[]): AssetPicks {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const clear = useCallback(() => setIds(new Set()), []);
  return useMemo(
    () => ({
      ids,
      clear,
      isSelected: (row) => !!row._id && ids.has(row._id),
      toggle: (row) =>
        setIds((s) => {
          if (!row._id) return s;
          const next = new Set(s);
          if (next.has(row._id)) next.delete(row._id);
          else next.add(row._id);
          return next;
        }),
      selectLoaded: () => setIds(new Set(loaded.flatMap((a) => (a._id ? [a._id] : [])))),
    }),
    [ids, clear, loaded],
  );
}

/** The table's first column: a box per row, for pointers (the grid's keys do the same). */
export function pickColumn(picks: AssetPicks): Column<Asset> {
  return {
    id: 'pick',
    header: <span className="visually-hidden">Picked</span>,
    width: '36px',
    render: (a) => <RowSelectBox selection={picks} row={a} label={`Pick ${a.name || 'this asset'}`} />,
  };
}

/** "Add the picked to share", "Add all to share", and what the queue holds. */
export function ShareQueueBar({
  filter,
  total,
  picks,
  source,
}: {
  /** The list the bar's "Add all" reads: a project's assets, or what a search found. */
  filter: AssetFilter;
  total: number | undefined;
  picks: AssetPicks;
  /** What the list is, for the message when it cannot be read ("the project’s assets", "the assets found"). */
  source: string;
}) {
  const queued = useShareQueue();
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<unknown>();
  const [added, setAdded] = useState<number>();
  const addPicked = () => {
    shareQueue.add(...picks.ids);
    setAdded(picks.ids.size);
    picks.clear();
  };
  const addAll = async () => {
    setReading(true);
    setError(undefined);
    try {
      const ids = await assetIdsOf(filter);
      shareQueue.add(...ids);
      setAdded(ids.length);
    } catch (e) {
      setError(e);
    } finally {
      setReading(false);
    }
  };
  return (
    <div className="share-queue-bar" role="group" aria-label="Share queue">
      <button type="button" className="button" disabled={!picks.ids.size} onClick={addPicked}>
        Add {picks.ids.size ? plural(picks.ids.size, 'picked asset') : 'picked assets'} to share
      </button>
      <button type="button" className="button" disabled={reading || !total} onClick={() => void addAll()}>
        {reading
          ? 'Reading the assets…'
          : `Add all ${total !== undefined ? Math.min(total, SHARE_ASSET_LIMIT) : ''} to share`.replace('  ', ' ')}
      </button>
      {queued.length ? (
        <Link to="/shares/new" className="button button--primary">
          Share queue ({queued.length}): send
        </Link>
      ) : null}
      <span aria-live="polite" className="share-queue-bar__status">
        {error ? (
          <span className="form-error" role="alert">
            Could not read {source}: {describeError(error)} Nothing was added.
          </span>
        ) : added !== undefined ? (
          <span>
            Added {plural(added, 'asset')} to the share queue
            {total !== undefined && total > SHARE_ASSET_LIMIT && added === SHARE_ASSET_LIMIT
              ? ` (the first ${SHARE_ASSET_LIMIT}: one share holds at most that many)`
              : ''}
            .
          </span>
        ) : (
          <span className="hint">Pick assets with their boxes, or Space on a row.</span>
        )}
      </span>
    </div>
  );
}
