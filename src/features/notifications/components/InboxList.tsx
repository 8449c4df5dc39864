/**
 * The inbox rows: a virtualized, infinitely scrolling grid (TanStack Virtual's infinite-scroll pattern: the row
 * after the last loaded one is a loader row; reaching it fetches the next page). One tab stop; the active row is
 * the page's (j/k and the arrows move it, Enter opens it); the checkboxes and per-row buttons are for pointers,
 * the keyboard has x, Shift+I and Shift+U for them.
 */
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Parsed } from '../../../api/parse';
import type { Notification } from '../../../api/schema/notification';
import { useInfiniteVirtualizer } from '../../../components/useInfiniteVirtualizer';
import { formatDateTime, formatRelative, isoDateTime } from '../../../lib/dates';
import { notificationTitle, typeLabel, whoOf } from '../model/inbox';

const ROW_HEIGHT = 58;

interface Props {
  rows: Parsed<Notification>[];
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
  const { rows, active, hasNextPage, isFetchingNextPage, fetchNextPage, selected } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
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

  const { virtualizer, items } = useInfiniteVirtualizer({
    scrollRef,
    loaded: rows.length,
    rowHeight: ROW_HEIGHT,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    nextPageError: props.nextPageError,
  });

  useEffect(() => {
    if (rows.length > 0) virtualizer.scrollToIndex(Math.min(active, rows.length - 1), { align: 'auto' });
  }, [active, rows.length, virtualizer]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const last = Math.max(0, rows.length - 1);
    switch (event.key) {
      case 'ArrowDown':
        props.onActiveChange(Math.min(last, active + 1));
        break;
      case 'ArrowUp':
        props.onActiveChange(Math.max(0, active - 1));
        break;
      case 'PageDown':
        props.onActiveChange(Math.min(last, active + page));
        break;
      case 'PageUp':
        props.onActiveChange(Math.max(0, active - page));
        break;
      case 'Home':
        props.onActiveChange(0);
        break;
      case 'End':
        props.onActiveChange(last);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  if (rows.length === 0 && !hasNextPage) return <div className="table-empty">{props.empty}</div>;

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
        aria-activedescendant={rows[active] ? `${baseId}-row-${active}` : undefined}
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
        <div role="rowgroup" className="inbox-list__body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            const style = { height: item.size, transform: `translateY(${item.start}px)` };
            if (!row) {
              return (
                <div
                  role="row"
                  key="loader"
                  aria-rowindex={item.index + 2}
                  className="inbox-row inbox-row--loader"
                  style={style}
                >
                  <div role="gridcell" className="inbox-row__loader">
                    {props.nextPageError ?? (isFetchingNextPage || hasNextPage ? 'Loading more…' : null)}
                  </div>
                </div>
              );
            }
            const isActive = item.index === active;
            const rowId = `${baseId}-row-${item.index}`;
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
    </div>
  );
});
