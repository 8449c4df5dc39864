/**
 * A VirtualTable over an infinite list query of records with an `_id`: flattens the pages, reads the total,
 * fetches the next page (or, for a list from lib/useSparseList.ts whose total is known, any page in view), opens a row
 * at its own page (`hrefFor`) or runs its primary action (`onOpen`), and says the usual things in the usual
 * words: a page that failed to load ("Could not load more. Try again") and a record that could not be read
 * ("This <noun> (id) could not be read: … · Open anyway").
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../api/client';
import type { Parsed } from '../api/parse';
import { rowsOf, totalOf } from '../lib/pages';
import type { SparseRows } from '../lib/useSparseList';
import { VirtualTable, type Column, type RowSelection } from './VirtualTable';

/** The part of a `useInfiniteQuery` result the table reads. */
export interface InfiniteRecords<T> {
  data: InfiniteData<ListPage<T>, unknown> | undefined;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  /** Rows anywhere (useSparseList) when the total is known. */
  sparse?: SparseRows<T>;
}

type Invalid<T> = Extract<Parsed<T>, { ok: false }>;

interface Props<T extends { _id?: string }> {
  label: string;
  columns: Column<T>[];
  query: InfiniteRecords<T>;
  rowHeight: number;
  /** What one record is called, for the row of a record that could not be read: "share", "work request". */
  noun: string;
  /**
   * The page of a record, by id: where a row opens (click, Enter) unless `onOpen` says otherwise, and where "Open
   * anyway" goes. Records without a page of their own (catalog studios, users…) have none.
   */
  hrefFor?: (id: string) => string;
  /** The row's primary action (click, Enter) when it is not opening `hrefFor`: an Edit dialog, or nothing. */
  onOpen?: (record: T) => void;
  empty: ReactNode;
  /** Replaces the standard "Could not load more. Try again" of the loader row. */
  nextPageError?: (retry: () => void, error: unknown) => ReactNode;
  /** Replaces the standard row of a record that could not be read. */
  renderInvalid?: (row: Invalid<T>) => ReactNode;
  /** Rows chosen for a bulk action (VirtualTable). */
  selection?: RowSelection<T>;
}

/**
 * The loader row's message when the next page failed (or, with `message`, a placeholder row's whose page failed).
 * `quiet` leaves out the alert role.
 */
export function LoadMoreError({
  onRetry,
  quiet = false,
  message = 'Could not load more.',
}: {
  onRetry: () => void;
  quiet?: boolean;
  message?: string;
}) {
  return (
    <span className="inline-error" role={quiet ? undefined : 'alert'}>
      {message}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </span>
  );
}

/** The row of a record that could not be read: what is wrong with it, and a link to its page when it has an id. */
export function InvalidRecord({ row, noun, href }: { row: Invalid<unknown>; noun: string; href: string | undefined }) {
  return (
    <span className="inline-error">
      This {noun}
      {row.id ? (
        <>
          {' '}
          (<code>{row.id}</code>)
        </>
      ) : null}{' '}
      could not be read:{' '}
      {row.problems
        .slice(0, 2)
        .map((p) => `${p.path || 'record'}: ${p.message}`)
        .join('; ')}
      {row.id && href ? (
        <>
          {' '}
          · <Link to={href}>Open anyway</Link>
        </>
      ) : null}
    </span>
  );
}

export function InfiniteRecordTable<T extends { _id?: string }>(props: Props<T>) {
  const { query, hrefFor, noun } = props;
  const navigate = useNavigate();
  const rows = useMemo(() => rowsOf(query.data), [query.data]);
  const { fetchNextPage } = query;
  const fetchMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { onOpen } = props;
  const open = useCallback(
    (record: T) => {
      if (onOpen) onOpen(record);
      else if (record._id && hrefFor) void navigate(hrefFor(record._id));
    },
    [navigate, hrefFor, onOpen],
  );
  return (
    <VirtualTable
      label={props.label}
      columns={props.columns}
      rows={rows}
      total={totalOf(query.data)}
      rowHeight={props.rowHeight}
      hasNextPage={query.hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      fetchNextPage={fetchMore}
      nextPageError={
        query.isFetchNextPageError ? (
          props.nextPageError ? (
            props.nextPageError(fetchMore, query.error)
          ) : (
            <LoadMoreError onRetry={fetchMore} />
          )
        ) : undefined
      }
      onOpen={open}
      getKey={(record, i) => record._id ?? `row-${i}`}
      renderInvalid={
        props.renderInvalid ??
        ((row) => <InvalidRecord row={row} noun={noun} href={row.id && hrefFor ? hrefFor(row.id) : undefined} />)
      }
      empty={props.empty}
      selection={props.selection}
      sparse={query.sparse}
      pageError={(retry) => <LoadMoreError onRetry={retry} quiet message="Could not load these rows." />}
    />
  );
}
