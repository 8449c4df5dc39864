/**
 * Which rows of the work-request list are selected for a bulk action. Kept by id (the table is virtual: a row
 * scrolled out of view has no DOM, and a page may load after the selection was made), with the row as it was
 * when selected, so the action knows its status and studio without reading it again. "All matching" selects the
 * whole filter: the rows beyond the loaded ones are read when an action runs (bulkResolve.ts).
 */
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';

export interface BulkSelection {
  /** The selected rows by id, in the order they were selected. */
  rows: ReadonlyMap<string, WorkRequestRow>;
  /** Every row the filter matches is selected, loaded or not. */
  allMatching: boolean;
  /** The row last toggled on its own: where a Shift range starts. */
  anchor: string | undefined;
}

export const NO_SELECTION: BulkSelection = { rows: new Map(), allMatching: false, anchor: undefined };

type Row = WorkRequestRow & { _id: string };
const hasId = (row: WorkRequestRow): row is Row => typeof row._id === 'string' && row._id !== '';

export function isSelected(selection: BulkSelection, id: string | undefined): boolean {
  return id !== undefined && (selection.allMatching || selection.rows.has(id));
}

/** How many rows are selected: the filter's total when all matching are (when the server says it). */
export function selectedCount(selection: BulkSelection, total: number | undefined): number {
  return selection.allMatching && total !== undefined ? total : selection.rows.size;
}

/**
 * Selects or deselects one row. Deselecting a row while all matching are selected keeps the loaded rows but that
 * one (the rows not loaded cannot be listed without reading them).
 */
export function toggleRow(
  selection: BulkSelection,
  row: WorkRequestRow,
  loaded: readonly WorkRequestRow[],
): BulkSelection {
  if (!hasId(row)) return selection;
  const base = selection.allMatching ? withRows(loaded) : new Map(selection.rows);
  if (isSelected(selection, row._id)) base.delete(row._id);
  else base.set(row._id, row);
  return { rows: base, allMatching: false, anchor: row._id };
}

/**
 * Shift+click or Shift+Space: every loaded row from the anchor to `row` takes the state `row` takes (selected
 * when it was not). Without an anchor among the loaded rows, it is a plain toggle.
 */
export function toggleRange(
  selection: BulkSelection,
  row: WorkRequestRow,
  loaded: readonly WorkRequestRow[],
): BulkSelection {
  const from = loaded.findIndex((r) => r._id === selection.anchor);
  const to = loaded.findIndex((r) => r._id === row._id);
  if (from < 0 || to < 0 || !hasId(row)) return toggleRow(selection, row, loaded);
  const select = !isSelected(selection, row._id);
  const base = selection.allMatching ? withRows(loaded) : new Map(selection.rows);
  for (const r of loaded.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (!hasId(r)) continue;
    if (select) base.set(r._id, r);
    else base.delete(r._id);
  }
  return { rows: base, allMatching: false, anchor: row._id };
}

/** The header box: selects every loaded row, or clears the selection when they all are already. */
export function toggleLoaded(selection: BulkSelection, loaded: readonly WorkRequestRow[]): BulkSelection {
  const all = loaded.filter(hasId);
  if (all.length > 0 && all.every((r) => isSelected(selection, r._id))) return NO_SELECTION;
  return { rows: withRows(all), allMatching: false, anchor: selection.anchor };
}

/** "Select all N matching": the whole filter, whatever is loaded. */
export function selectAllMatching(loaded: readonly WorkRequestRow[]): BulkSelection {
  return { rows: withRows(loaded), allMatching: true, anchor: undefined };
}

/** Whether the header box shows checked, mixed (some loaded rows) or empty. */
export function loadedState(selection: BulkSelection, loaded: readonly WorkRequestRow[]): 'all' | 'some' | 'none' {
  const ids = loaded.filter(hasId).map((r) => r._id);
  const chosen = ids.filter((id) => isSelected(selection, id)).length;
  if (chosen === 0) return 'none';
  return chosen === ids.length ? 'all' : 'some';
}

/**
 * The selected rows as they are now: a row the list has loaded again (after a change) is taken from the list,
 * the others as they were when selected.
 */
export function currentRows(selection: BulkSelection, loaded: readonly WorkRequestRow[]): Row[] {
  const fresh = new Map(loaded.filter(hasId).map((r) => [r._id, r]));
  return [...selection.rows.values()].filter(hasId).map((r) => fresh.get(r._id) ?? r);
}

function withRows(rows: readonly WorkRequestRow[]): Map<string, WorkRequestRow> {
  return new Map(rows.filter(hasId).map((r) => [r._id, r]));
}
