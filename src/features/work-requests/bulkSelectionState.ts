/**
 * The list page's bulk selection (model/bulkSelection.ts) as React state: what the table's boxes and keys call,
 * cleared when the filters change (the rows chosen may no longer match; the page says so), and resolved into
 * rows when an action runs: the chosen rows as the list now has them, or every row of the filter read page by
 * page (exportList.ts's reader) when "all matching" is selected.
 */
import { useCallback, useMemo, useState } from 'react';
import type { WorkRequestRow } from '../../api/schema/workRequestRow';
import type { WorkRequestFilters } from '../../api/workRequests';
import { formatCount } from '../../lib/format';
import { useChanged } from '../../lib/useChanged';
import type { ListSelection } from './components/SelectionColumn';
import {
  currentRows,
  isSelected,
  loadedState,
  NO_SELECTION,
  selectAllMatching,
  selectedCount,
  toggleLoaded,
  toggleRange,
  toggleRow,
  type BulkSelection,
} from './model/bulkSelection';

/** The most rows one bulk action takes: "select all matching" is offered up to this many. */
export const BULK_LIMIT = 1_000;

export interface ResolvedRows {
  rows: (WorkRequestRow & { _id: string })[];
  /** Records of the filter that could not be read: left out. */
  unreadable: number;
}

export function useBulkSelection(filters: WorkRequestFilters, loaded: readonly WorkRequestRow[], total?: number) {
  const [selection, setSelection] = useState<BulkSelection>(NO_SELECTION);
  const [clearedByFilters, setClearedByFilters] = useState(false);
  if (useChanged(JSON.stringify(filters)) && (selection.rows.size > 0 || selection.allMatching)) {
    setSelection(NO_SELECTION);
    setClearedByFilters(true);
  }
  const update = useCallback((next: (s: BulkSelection) => BulkSelection) => {
    setClearedByFilters(false);
    setSelection(next);
  }, []);

  const table = useMemo<ListSelection>(
    () => ({
      isSelected: (row) => isSelected(selection, row._id),
      toggle: (row, range) => update((s) => (range ? toggleRange(s, row, loaded) : toggleRow(s, row, loaded))),
      selectLoaded: () => update(() => toggleLoaded(NO_SELECTION, loaded)),
      loaded: loadedState(selection, loaded),
      toggleLoaded: () => update((s) => toggleLoaded(s, loaded)),
    }),
    [selection, loaded, update],
  );

  const resolve = useCallback(
    async (options: { signal?: AbortSignal; onProgress?: (done: number) => void } = {}): Promise<ResolvedRows> => {
      if (!selection.allMatching) return { rows: currentRows(selection, loaded), unreadable: 0 };
      const { collectWorkRequests } = await import('./exportList');
      const collected = await collectWorkRequests('all', filters, {
        signal: options.signal,
        limit: BULK_LIMIT,
        onProgress: (p) => options.onProgress?.(p.done),
      });
      return {
        rows: collected.rows.filter((r): r is WorkRequestRow & { _id: string } => typeof r._id === 'string'),
        unreadable: collected.unreadable,
      };
    },
    [selection, loaded, filters],
  );

  return {
    selection,
    table,
    count: selectedCount(selection, total),
    clearedByFilters,
    clear: useCallback(() => update(() => NO_SELECTION), [update]),
    selectAllMatching: useCallback(() => update(() => selectAllMatching(loaded)), [update, loaded]),
    resolve,
  };
}

export type BulkSelectionState = ReturnType<typeof useBulkSelection>;

/** "12 selected", or "All 240 matching selected". */
export function selectionText({ selection, count }: Pick<BulkSelectionState, 'selection' | 'count'>): string {
  return selection.allMatching ? `All ${formatCount(count)} matching selected` : `${formatCount(count)} selected`;
}
