/**
 * The inbox rows: a virtualized, infinitely scrolling grid (TanStack Virtual's infinite-scroll pattern: the row
 * after the last loaded one is a loader row; reaching it fetches the next page). With `sparse` (the server said the
 * total: lib/useSparseList.ts, as VirtualTable) every row is laid out from the first answer instead: rows not loaded
 * are placeholders until their page arrives, "Loading rows …" is announced, and Go to row jumps anywhere.
 * One tab stop; the active row is the page's (j/k and the arrows move it, Enter opens it); the checkboxes and
 * per-row buttons are for pointers, the keyboard has x, Shift+I and Shift+U for them. Rows are one fixed height.
 */
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Parsed } from '../../../api/parse';
import type { Notification } from '../../../api/schema/notification';
import { GoToRow } from '../../../components/GoToRow';
import { LoadMoreError } from '../../../components/InfiniteRecordTable';
import { LoaderRow, PlaceholderRow } from '../../../components/ListStatusRows';
import { useInfiniteVirtualizer } from '../../../components/useInfiniteVirtualizer';
import { formatDateTime, formatRelative, isoDateTime } from '../../../lib/dates';
import { loadingWords, rowSpace } from '../../../lib/sparsePages';
import { PHONE_MAX_WIDTH, useNarrowScreen } from '../../../lib/useNarrowScreen';
import type { SparseRows } from '../../../lib/useSparseList';
import { notificationTitle, typeLabel, verdictNotesText, whoOf } from '../model/inbox';

const ROW_HEIGHT = 58;
/**
 * On a phone a row is taller: four lines of title (the order's name comes after the sender and the action) and a
 * line of a send back's notes to address (notifications.css).
 */
const PHONE_ROW_HEIGHT = 100;
const ROW_CLASSES = { row: 'inbox-row', cell: 'inbox-row__loader' };

/**
 * The rows the inbox lays out and the one at each position: with a known total every row (loaded or not: `rowAt`
 * is then undefined for a row still loading), else the loaded ones. The page's keyboard model reads it too.
 */
export function inboxRows(rows: Parsed<Notification>[], sparse: SparseRows<Notification> | undefined) {
  return sparse
    ? // The taller (phone) rows bound the scroll space, so it stays within the browser's limit at either height.
      { count: rowSpace(sparse.total, PHONE_ROW_HEIGHT), rowAt: (index: number) => sparse.rowAt(index) }
    : { count: rows.length, rowAt: (index: number) => rows[index] };
}

interface Props {
  rows: Parsed<Notification>[];
  /** Rows anywhere, when the total is known; `rows` are then the ones loaded from the top without gaps. */
  sparse?: SparseRows<Notification> | undefined;
  total: number | undefined;
  active: number;
  onActiveChange: (index: number) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onOpen: (n: Notification) => void;
  onSetRead: (n: Notification, read: boolean) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  nextPageError?: ReactNode;
  empty: ReactNode;
}

export interface InboxListHandle {
  focus: () => void;
  hasFocus: () => boolean;
}

export const InboxList = forwardRef<InboxListHandle, Props>(function InboxList(props, ref) {
  const { rows, sparse, active, hasNextPage, isFetchingNextPage, fetchNextPage, selected } = props;
  const { count, rowAt } = inboxRows(rows, sparse);
  const rowHeight = useNarrowScreen(PHONE_MAX_WIDTH) ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  const scrollRef = useRef<HTMLDivElement>(null);
  // How the next move of the active row scrolls: Go to row puts its row in the middle of the view.
  const align = useRef<'auto' | 'center'>('auto');
  const baseId = useId();
  const hintId = `${baseId}-hint`;

  useImperativeHandle(
    ref,
    () => ({
      focus: () => scrollRef.current?.focus({ preventScroll: true }),
      hasFocus: () => document.activeElement === scrollRef.current,
    }),
    [],
  );

  const { items, totalSize, scrollToIndex } = useInfiniteVirtualizer({
    scrollRef,
    loaded: rows.length,
    rowHeight,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    nextPageError: props.nextPageError,
    fixedCount: sparse ? count : undefined,
    onRange: sparse?.show,
  });

  useEffect(() => {
    if (count > 0) scrollToIndex(Math.min(active, count - 1), { align: align.current });
    align.current = 'auto';
  }, [active, count, scrollToIndex]);

  /** "Go to row": that row active, in the middle of the view, and focus on the grid to go on by keyboard. */
  const goTo = (index: number) => {
    align.current = 'center';
    sparse?.jumpTo(index);
    if (index === active) scrollToIndex(index, { align: 'center' });
    props.onActiveChange(index);
    scrollRef.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    const last = Math.max(0, count - 1);
    let to: number;
    switch (event.key) {
      case 'ArrowDown':
        to = Math.min(last, active + 1);
        break;
      case 'ArrowUp':
        to = Math.max(0, active - 1);
        break;
      case 'PageDown':
        to = Math.min(last, active + page);
        break;
      case 'PageUp':
        to = Math.max(0, active - page);
        break;
      case 'Home':
        to = 0;
        break;
      case 'End':
        to = last;
        break;
      default:
        return;
    }
    // A key pressed once is a jump (its rows are fetched once in view, unsettled); a held key's repeats settle first.
    if (!event.repeat) sparse?.jumpTo(to);
    props.onActiveChange(to);
    event.preventDefault();
  };

  if (count === 0 && !hasNextPage) return <div className="table-empty">{props.empty}</div>;

  // The rows in view still loading, for the live region (a failed page says so in its rows instead).
  const waiting = sparse
    ? items.filter((item) => !sparse.rowAt(item.index) && !sparse.failureAt(item.index)).map((item) => item.index)
    : [];

  const loadedIds = rows.flatMap((r) => (r.ok && r.data._id ? [r.data._id] : []));
  const allSelected = loadedIds.length > 0 && loadedIds.every((id) => selected.has(id));
  const someSelected = !allSelected && loadedIds.some((id) => selected.has(id));

  return (
    <div className="inbox-list">
      <p id={hintId} className="visually-hidden">
        Use j and k or the arrow keys to move, Enter to open, x to select, Shift+I to mark read and Shift+U to mark
        unread.
      </p>
      <div
        ref={scrollRef}
        className="inbox-list__scroll"
        role="grid"
        aria-label="Notifications"
        aria-rowcount={props.total !== undefined ? props.total + 1 : -1}
        aria-colcount={4}
        aria-describedby={hintId}
        aria-activedescendant={
          active < count && items.some((item) => item.index === active) ? `${baseId}-row-${active}` : undefined
        }
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <div role="rowgroup" className="inbox-list__head">
          <div role="row" aria-rowindex={1} className="inbox-row inbox-row--head">
            <div role="columnheader" className="inbox-row__select">
              <input
                type="checkbox"
                tabIndex={-1}
                aria-label="Select all loaded notifications"
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = someSelected;
                }}
                onChange={props.onToggleAll}
              />
            </div>
            <div role="columnheader" className="inbox-row__main">
              Notification
            </div>
            <div role="columnheader" className="inbox-row__when">
              When
            </div>
            <div role="columnheader" className="inbox-row__action">
              <span className="visually-hidden">Actions</span>
            </div>
          </div>
        </div>
        <div role="rowgroup" className="inbox-list__body" style={{ height: totalSize }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            const style = { height: item.size, transform: `translateY(${item.start}px)` };
            const isActive = item.index === active;
            const rowId = `${baseId}-row-${item.index}`;
            if (!row && sparse) {
              const failure = sparse.failureAt(item.index);
              return (
                <PlaceholderRow
                  key={`placeholder-${item.index}`}
                  classes={ROW_CLASSES}
                  id={rowId}
                  index={item.index}
                  style={style}
                  active={isActive}
                  failure={
                    failure ? (
                      <LoadMoreError onRetry={failure.retry} quiet message="Could not load these notifications." />
                    ) : undefined
                  }
                />
              );
            }
            if (!row) {
              return (
                <LoaderRow
                  key="loader"
                  classes={ROW_CLASSES}
                  index={item.index}
                  style={style}
                  error={props.nextPageError}
                  more={isFetchingNextPage || hasNextPage}
                />
              );
            }
            if (!row.ok) {
              return (
                <div
                  role="row"
                  id={rowId}
                  key={`invalid-${item.index}`}
                  aria-rowindex={item.index + 2}
                  aria-selected={isActive}
                  className={`inbox-row inbox-row--invalid${isActive ? ' is-active' : ''}`}
                  style={style}
                >
                  <div role="gridcell" className="inbox-row__loader inline-error">
                    A notification could not be read: {row.problems[0]?.path} {row.problems[0]?.message}
                  </div>
                </div>
              );
            }
            const n = row.data;
            const unread = n.read !== true;
            const when = n.added ?? n.created;
            const title = notificationTitle(n);
            const notesText = verdictNotesText(n);
            const checked = n._id ? selected.has(n._id) : false;
            return (
              <div
                role="row"
                id={rowId}
                key={n._id ?? `row-${item.index}`}
                aria-rowindex={item.index + 2}
                aria-selected={isActive}
                data-id={n._id}
                className={`inbox-row inbox__item${unread ? ' is-unread' : ''}${isActive ? ' is-active' : ''}${checked ? ' is-checked' : ''}`}
                style={style}
                onClick={(event) => {
                  props.onActiveChange(item.index);
                  if ((event.target as HTMLElement).closest('a, button, input, label')) return;
                  props.onOpen(n);
                }}
              >
                <div role="gridcell" className="inbox-row__select">
                  {n._id ? (
                    <input
                      type="checkbox"
                      tabIndex={-1}
                      aria-label={`Select “${title}”`}
                      checked={checked}
                      onChange={() => props.onToggle(n._id!)}
                    />
                  ) : null}
                </div>
                <div role="gridcell" className="inbox-row__main">
                  <span className="inbox-row__title">
                    <span className="inbox-row__dot" aria-hidden="true" />
                    {unread ? <span className="visually-hidden">Unread: </span> : null}
                    <span className="inbox-row__text">{title}</span>
                  </span>
                  <span className="inbox-row__meta">
                    <span className="inbox-row__who">{whoOf(n)}</span>
                    <span className="tag">{typeLabel(n.type)}</span>
                    {notesText ? (
                      <span className="inbox-row__notes" title={notesText}>
                        {notesText}
                      </span>
                    ) : null}
                  </span>
                </div>
                <div role="gridcell" className="inbox-row__when">
                  {when ? (
                    <time dateTime={isoDateTime(when)} title={formatDateTime(when)}>
                      {formatRelative(when)}
                    </time>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </div>
                <div role="gridcell" className="inbox-row__action">
                  {n._id ? (
                    <button
                      type="button"
                      tabIndex={-1}
                      className="button button--small"
                      aria-label={`${unread ? 'Mark read' : 'Mark unread'}: ${title}`}
                      onClick={() => props.onSetRead(n, unread)}
                    >
                      {unread ? 'Mark read' : 'Mark unread'}
                    </button>
                  ) : null}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {waiting.length > 0 ? loadingWords(waiting[0]!, waiting[waiting.length - 1]!) : ''}
      </p>
      {sparse ? <GoToRow total={sparse.total} reachable={count} onGo={goTo} /> : null}
    </div>
  );
});
