/**
 * A catalog list (studios, projects, languages, territories, users, glossary terms) and its loading, error and
 * "unavailable" states: a VirtualTable over the list's sparse query (lib/useSparseList.ts), so any row of thousands
 * is reachable (scrollbar over every row, Go to row, Home/End), one tab stop with the row's actions reached by
 * ArrowRight (VirtualTable `actions` columns). Enter (or a click) runs the row's primary action, `onOpen`.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { RowAction } from '../../../components/RowAction';
import { isUnavailable } from '../../../api/client';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { InfiniteRecordTable, type InfiniteRecords } from '../../../components/InfiniteRecordTable';
import { SkeletonRows } from '../../../components/Skeleton';
import { Unavailable } from '../../../components/Unavailable';
import type { Column, RowSelection } from '../../../components/VirtualTable';
import { rowsOf, totalOf } from '../../../lib/pages';

interface Props<T extends { _id?: string }> {
  query: InfiniteRecords<T> & { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  /** "studios": the loading and error words. */
  what: string;
  /** One record: "studio", for a record that could not be read. */
  noun: string;
  /** The extension the list reads, for the "unavailable" notice: "GET /studios". */
  route: string;
  /** The grid's name: "Studios". */
  label: string;
  columns: Column<T>[];
  rowHeight: number;
  /** The row's primary action (Enter, click); a record with a page of its own gives `hrefFor` instead. */
  onOpen?: (record: T) => void;
  hrefFor?: (id: string) => string;
  /** Rows picked with a box each (Space on the active row, Ctrl/Cmd+A the loaded rows). */
  selection?: RowSelection<T>;
  empty: ReactNode;
}

export function CatalogList<T extends { _id?: string }>({ query, what, route, empty, ...table }: Props<T>) {
  if (query.isPending) return <SkeletonRows rows={5} label={`Loading ${what}`} />;
  if (query.isError && !query.data) {
    if (isUnavailable(query.error)) {
      return (
        <Unavailable what={`The list of ${what}`}>This deployment does not offer {route} (an extension).</Unavailable>
      );
    }
    return <ErrorPanel error={query.error} title={`Could not load ${what}`} onRetry={() => void query.refetch()} />;
  }
  // A short list is as tall as its rows (the table would otherwise fill the window with empty space); a long one
  // fills the window. 36 px: the header row and the borders.
  const rows = totalOf(query.data) ?? rowsOf(query.data).length;
  const height = rows > 0 ? 36 + rows * table.rowHeight : undefined;
  return (
    <div
      className="catalog-list"
      style={height !== undefined ? { maxHeight: height, minHeight: Math.min(320, height) } : undefined}
    >
      <InfiniteRecordTable {...table} query={query} empty={<div className="empty">{empty}</div>} />
    </div>
  );
}

/**
 * `columns` and, when the user may act on the rows (`render` given), the rows' actions column (VirtualTable
 * `actions`: reached by ArrowRight; its header named for assistive tech only). `width` fits its buttons.
 */
export function withActions<T>(
  columns: Column<T>[],
  width: string,
  render: ((row: T) => ReactNode) | undefined,
): Column<T>[] {
  if (!render) return columns;
  const header = <span className="visually-hidden">Actions</span>;
  return [...columns, { id: 'actions', header, width, actions: true, render }];
}

/**
 * A catalog list whose rows an editor opens in a dialog: the record being edited (`'new'` for a new one), the columns
 * with an "Edit" action per row when the user may edit, and `open` for the row's primary action.
 */
export function useRowEditing<T extends { name?: string | undefined }>(columns: Column<T>[], canEdit: boolean) {
  const [editing, setEditing] = useState<T | 'new'>();
  const withEdit = useMemo(
    () =>
      withActions(
        columns,
        '70px',
        canEdit
          ? (row: T) => <RowAction inGrid label="Edit" name={row.name} onClick={() => setEditing(row)} />
          : undefined,
      ),
    [columns, canEdit],
  );
  const open = useCallback((row: T) => (canEdit ? setEditing(row) : undefined), [canEdit]);
  return { editing, setEditing, columns: withEdit, open };
}
