/**
 * A virtualized, infinitely scrolling table (TanStack Virtual's infinite-scroll pattern): only the rows in
 * view (plus a few) are in the DOM, so 100,000 rows stay light. The row after the last loaded one is a
 * loader row; reaching it fetches the next page.
 * With `sparse` (the total is known: lib/useSparseList.ts) every row is laid out from the first answer instead: the
 * scrollbar spans the whole list, rows not loaded yet are placeholders (aria-busy, "Loading rows …" announced) until
 * their page arrives, and "Go to row" (GoToRow.tsx) jumps anywhere.
 *
 * Keyboard: the table is one tab stop (role=grid); arrows, Page Up/Down, Home/End (and Ctrl+Home/End) move the
 * active row, also onto placeholder rows (the row becomes real when its page loads), Enter opens it (the row's
 * primary action). Links inside rows are for pointers (middle-click, copy link) and are not tab stops.
 * A column marked `actions` holds the row's action controls (buttons, links; rendered with tabIndex -1): they stay
 * visible and clickable, and from the keyboard ArrowRight on the active row moves the focus onto them in order,
 * ArrowLeft from the first or Escape returns it to the row, Tab leaves the grid as from the row, and the row keys
 * (ArrowUp/Down…) go back to the grid and move (rowActionFocus.ts; the ARIA grid pattern's focus inside cells).
 * With `selection` the grid is multi-selectable: Space toggles the active row (Shift+Space a range), Ctrl/Cmd+A
 * selects the loaded rows, and `aria-selected` says which rows are selected (the active one is the focus).
 */
import {
  useCallback,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Parsed } from '../api/parse';
import { loadingWords, rowSpace } from '../lib/sparsePages';
import type { SparseRows } from '../lib/useSparseList';
import { GoToRow } from './GoToRow';
import { LoaderRow, PlaceholderRow } from './ListStatusRows';
import { actionMove } from './rowActionFocus';
import { useInfiniteVirtualizer } from './useInfiniteVirtualizer';
import { clickOpensRow, rowStyle, VirtualTableRow } from './VirtualTableRow';

export interface Column<T> {
  id: string;
  header: ReactNode;
  /** CSS grid track, e.g. `minmax(220px, 2fr)` or `90px`. */
  width: string;
  render: (row: T) => ReactNode;
  /**
   * The row's action controls (buttons, links), reached from the keyboard by ArrowRight from the active row; render
   * them with tabIndex -1 (RowAction.tsx): the grid stays one tab stop.
   */
  actions?: boolean;
}

const ROW_CLASSES = { row: 'vtable__row', cell: 'vtable__cell' };

/** The action controls of a rendered row, in order (the cells of `actions` columns). */
const ACTION_CONTROLS = '[data-row-actions] :is(button, a[href]):not(:disabled)';

/** Rows chosen for a bulk action, kept by the caller (by id: rows come and go from the DOM). */
export interface RowSelection<T> {
  isSelected: (row: T) => boolean;
  /** Space on the active row or a click on its box; `range` when Shift was held. */
  toggle: (row: T, range: boolean) => void;
  /** Ctrl/Cmd+A: every loaded row. */
  selectLoaded: () => void;
}

interface Props<T> {
  label: string;
  columns: Column<T>[];
  rows: Parsed<T>[];
  /** Total from Content-Range; undefined when the server does not say. */
  total: number | undefined;
  rowHeight: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** Error of the last page fetch, shown in the loader row with a retry. */
  nextPageError?: ReactNode;
  onOpen: (row: T) => void;
  getKey: (row: T, index: number) => string;
  /** What a malformed record's row says. */
  renderInvalid: (row: Extract<Parsed<T>, { ok: false }>) => ReactNode;
  empty: ReactNode;
  selection?: RowSelection<T>;
  /** Rows anywhere, when the total is known; `rows` are then the ones loaded from the top without gaps. */
  sparse?: SparseRows<T>;
  /** A placeholder row whose page failed: the message, with its retry. */
  pageError?: (retry: () => void, error: unknown) => ReactNode;
}

export function VirtualTable<T>(props: Props<T>) {
  const { columns, rows, total, rowHeight, hasNextPage, isFetchingNextPage, fetchNextPage, sparse } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const count = sparse ? rowSpace(sparse.total, rowHeight) : rows.length;
  const rowAt = (index: number) => (sparse ? sparse.rowAt(index) : rows[index]);
  // Keep the active row valid when the list shrinks (new filters): adjusted while rendering, so no frame shows an
  // active row that is gone (React re-renders at once, before the children).
  if (active > 0 && active >= count) setActive(Math.max(0, count - 1));
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const template = columns.map((c) => c.width).join(' ');
  const jumpTo = sparse?.jumpTo;
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

  /**
   * Moves the active row (and the view to it). A move the user asked for once (not a held key's repeats) is a jump:
   * the rows where it lands are fetched as soon as they are in view, without waiting for the view to hold still.
   */
  const moveTo = useCallback(
    (index: number, { align = 'auto', jump = true }: { align?: 'auto' | 'center'; jump?: boolean } = {}) => {
      const next = Math.max(0, Math.min(index, count - 1));
      setActive(next);
      if (jump) jumpTo?.(next);
      scrollToIndex(next, { align });
    },
    [count, scrollToIndex, jumpTo],
  );
  const { onOpen } = props;
  const onRowClick = useCallback(
    (index: number, row: Parsed<T>, event: MouseEvent<HTMLElement>) => {
      setActive(index);
      // Let other links, the selection box and modified clicks do their own thing.
      if (!row.ok || !clickOpensRow(event.target as HTMLElement, event)) return;
      event.preventDefault();
      onOpen(row.data);
    },
    [onOpen],
  );
  /** "Go to row": the row in the middle of the view, and focus on the grid to go on from there by keyboard. */
  const goTo = (index: number) => {
    moveTo(index, { align: 'center' });
    scrollRef.current?.focus({ preventScroll: true });
  };

  const hasActions = columns.some((c) => c.actions);
  const controlsOf = (index: number): HTMLElement[] => {
    const row = document.getElementById(`${baseId}-row-${index}`);
    return row ? [...row.querySelectorAll<HTMLElement>(ACTION_CONTROLS)] : [];
  };
  /** Focus on a row's action control: the keys among the controls (rowActionFocus.ts); true when it was one of them. */
  const onActionKey = (event: KeyboardEvent<HTMLDivElement>, target: HTMLElement): boolean => {
    const grid = scrollRef.current;
    const inActions = target !== grid && target.closest('[data-row-actions]') !== null;
    if (!hasActions || !grid || (target !== grid && !inActions)) return false;
    const controls = controlsOf(active);
    const move = actionMove(event.key, inActions ? controls.indexOf(target) : -1, controls.length);
    if (!move) return inActions; // Enter / Space press the control itself
    grid.focus({ preventScroll: true });
    if ('leave' in move) return true; // no preventDefault: the browser's Tab goes on from the grid
    if ('to' in move) {
      if (move.to >= 0) controls[move.to]?.focus();
      event.preventDefault();
      return true;
    }
    return false; // a row key: back on the grid, and the grid moves the row
  };

  const { selection } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (onActionKey(event, event.target as HTMLElement)) return;
    if (selection && (event.key === ' ' || (event.key === 'a' && (event.ctrlKey || event.metaKey)))) {
      const row = rowAt(active);
      if (event.key === 'a') selection.selectLoaded();
      else if (row?.ok) selection.toggle(row.data, event.shiftKey);
      event.preventDefault();
      return;
    }
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    // A held key's repeats pass through rows on the way: those wait for the view to hold still, as a drag does.
    const move = { jump: !event.repeat };
    switch (event.key) {
      case 'ArrowDown':
        moveTo(active + 1, move);
        break;
      case 'ArrowUp':
        moveTo(active - 1, move);
        break;
      case 'PageDown':
        moveTo(active + page, move);
        break;
      case 'PageUp':
        moveTo(active - page, move);
        break;
      case 'Home':
        moveTo(0, move);
        break;
      case 'End':
        moveTo(count - 1, move);
        break;
      case 'Enter': {
        const row = rowAt(active);
        if (row?.ok) props.onOpen(row.data);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  /**
   * Scrolling (wheel, scrollbar) while a row's control has the focus: the focus goes back to the grid, since the
   * list may unmount that row (the focus would fall to the page). The row stays the active one.
   */
  const keepFocusOnScroll = (event: { currentTarget: HTMLDivElement }) => {
    const focused = document.activeElement;
    if (
      focused !== event.currentTarget &&
      focused?.closest('[data-row-actions]') &&
      event.currentTarget.contains(focused)
    )
      event.currentTarget.focus({ preventScroll: true });
  };

  if (count === 0 && !hasNextPage) return <div className="table-empty">{props.empty}</div>;

  // The rows in view still loading, for the live region (a failed page says so in its rows instead).
  const waiting = sparse
    ? items.filter((item) => !sparse.rowAt(item.index) && !sparse.failureAt(item.index)).map((item) => item.index)
    : [];

  return (
    <div className="vtable" style={{ '--vtable-columns': template } as CSSProperties}>
      <p id={hintId} className="visually-hidden">
        Use the arrow keys to move between rows and Enter to open one.
        {hasActions ? ' Right arrow reaches the row’s buttons; Escape returns to the row.' : ''}
        {selection ? ' Space selects the row, Shift+Space a range, Control+A all loaded rows.' : ''}
      </p>
      <div
        ref={scrollRef}
        className="vtable__scroll"
        role="grid"
        aria-label={props.label}
        aria-rowcount={total !== undefined ? total + 1 : -1}
        aria-colcount={columns.length}
        aria-multiselectable={selection ? true : undefined}
        aria-describedby={hintId}
        aria-activedescendant={
          active < count && items.some((item) => item.index === active) ? `${baseId}-row-${active}` : undefined
        }
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={hasActions ? keepFocusOnScroll : undefined}
      >
        <div role="rowgroup" className="vtable__head">
          <div role="row" aria-rowindex={1} className="vtable__row vtable__row--head">
            {columns.map((c) => (
              <div role="columnheader" key={c.id} className={`vtable__cell vtable__cell--${c.id}`}>
                {c.header}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="vtable__body" style={{ height: totalSize }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            const style = rowStyle({ start: item.start, size: item.size });
            if (!row && sparse) {
              const failure = sparse.failureAt(item.index);
              return (
                <PlaceholderRow
                  key={`placeholder-${item.index}`}
                  classes={ROW_CLASSES}
                  id={`${baseId}-row-${item.index}`}
                  index={item.index}
                  style={style}
                  active={item.index === active}
                  failure={failure ? (props.pageError?.(failure.retry, failure.error) ?? null) : undefined}
                  square
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
            const isActive = item.index === active;
            return (
              <VirtualTableRow
                key={row.ok ? props.getKey(row.data, item.index) : `invalid-${item.index}`}
                id={`${baseId}-row-${item.index}`}
                index={item.index}
                start={item.start}
                size={item.size}
                row={row}
                columns={columns}
                active={isActive}
                selected={selection ? row.ok && selection.isSelected(row.data) : isActive}
                invalid={row.ok ? null : props.renderInvalid(row)}
                onClick={onRowClick}
              />
            );
          })}
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {waiting.length > 0 ? loadingWords(waiting[0]!, waiting[waiting.length - 1]!) : ''}
      </p>
      {sparse ? <GoToRow total={sparse.total} reachable={count} onGo={(index) => goTo(index)} /> : null}
    </div>
  );
}
