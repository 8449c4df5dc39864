/**
 * The inbox (spec GET /notifications): the caller's notifications newest first, by tab (Orders, Embargoes, General,
 * All), each tab with its unread count; search, type and unread filters in the URL; infinite scroll; opening marks
 * read and goes where the notification points; read / unread per row, for a selection, and for everything in the
 * current tab and filter, optimistically (hooks/useInboxActions.ts). Keyboard: hooks/useInboxKeyboard.ts.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Parsed } from '../../../api/parse';
import type { Notification } from '../../../api/schema/notification';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDocumentTitle } from '../../../components/PageTitle';
import { SkeletonRows } from '../../../components/Skeleton';
import { formatCount, plural } from '../../../lib/format';
import { useFilterParams } from '../../../lib/useFilterParams';
import { useChanged } from '../../../lib/useChanged';
import { InboxFilters, type InboxFilterChange } from '../components/InboxFilters';
import { InboxList, inboxRows, type InboxListHandle } from '../components/InboxList';
import { InboxMessage } from '../components/InboxMessage';
import { InboxTabs } from '../components/InboxTabs';
import { LiveStatus } from '../components/LiveStatus';
import { NotificationDetail } from '../components/NotificationDetail';
import { useInboxActions } from '../hooks/useInboxActions';
import { useInboxKeyboard } from '../hooks/useInboxKeyboard';
import { filtersOfView, paramsOfView, viewFromParams } from '../model/inbox';
import { useNotifications } from '../queries';
import { useArrivals } from '../useLiveNotifications';
import '../notifications.css';

function dedupe(rows: Parsed<Notification>[]): Parsed<Notification>[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const id = row.ok ? row.data._id : row.id;
    if (!id) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [params, setParams] = useFilterParams();
  const view = viewFromParams(params);
  const { tab, type, q, unreadOnly } = view;
  // `view` is a new object each render; the filters follow its parts (a tab is one of TABS, the same object).
  const filters = useMemo(() => filtersOfView({ tab, type, q, unreadOnly }), [tab, type, q, unreadOnly]);
  const query = useNotifications(filters);
  const listRef = useRef<InboxListHandle>(null);

  const rows = useMemo(() => dedupe(query.data?.pages.flatMap((p) => p.items) ?? []), [query.data]);
  const total = query.data?.pages[0]?.total;
  // Every row when the total is known (placeholders until their page loads), else the loaded ones.
  const laidOut = inboxRows(rows, query.sparse);
  const { count } = laidOut;
  const loaded = useMemo(() => rows.flatMap((r) => (r.ok ? [r.data] : [])), [rows]);
  const actions = useInboxActions(filters, loaded);
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const viewKey = `${tab.id}|${type ?? ''}|${q}|${unreadOnly}`;

  // A new view starts at the top with nothing selected; the active row stays on the list when it shrinks.
  const viewChanged = useChanged(viewKey);
  if (viewChanged) {
    setActive(0);
    setSelected(new Set());
  } else if (active > 0 && active >= count) {
    setActive(Math.max(0, count - 1));
  }

  const update = useCallback(
    (patch: InboxFilterChange) => {
      setParams((current) => {
        const v = viewFromParams(current);
        return paramsOfView({ tab: v.tab.id, type: v.type, q: v.q, unreadOnly: v.unreadOnly, ...patch });
      });
    },
    [setParams],
  );

  const selectedIds = useMemo(() => [...selected], [selected]);
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = () =>
    setSelected((current) => {
      const ids = loaded.flatMap((n) => (n._id ? [n._id] : []));
      return ids.every((id) => current.has(id)) ? new Set() : new Set(ids);
    });

  // Page after page when the total is unknown; with a known total the rows in view load themselves.
  const canLoadMore = !query.sparse && query.hasNextPage && !query.isFetchingNextPage;
  useInboxKeyboard({
    rowAt: laidOut.rowAt,
    count,
    active,
    setActive,
    listRef,
    loadMore: canLoadMore ? () => void query.fetchNextPage() : undefined,
    open: (n) => void actions.open(n),
    toggle,
    setRead: actions.setReadFor,
    selectedIds,
  });

  const arrivals = useArrivals();
  const [arrivalsAtMount] = useState(arrivals);
  const newHere = arrivals - arrivalsAtMount;

  return (
    <div className="page page--list inbox-page">
      <div className="page__header">
        <h1 className="page__title">Notifications</h1>
        <LiveStatus />
        <p className="page__count" aria-live="polite">
          {query.isSuccess
            ? total !== undefined
              ? plural(total, 'notification')
              : `${formatCount(rows.length)}${query.hasNextPage ? '+' : ''} loaded`
            : null}
        </p>
      </div>
      <InboxTabs current={tab.id} unreadOnly={unreadOnly} q={q} />
      <InboxFilters
        view={view}
        onChange={update}
        selectedCount={selectedIds.length}
        onSetSelectedRead={(read) => actions.setReadFor(selectedIds, read)}
        onClearSelection={() => setSelected(new Set())}
        onMarkAllRead={actions.markAllRead}
        markingAll={actions.markingAll}
      />
      <div className="inbox-messages">
        {actions.message ? <InboxMessage message={actions.message} onDismiss={actions.dismissMessage} /> : null}
        <p className="visually-hidden" role="status">
          {newHere > 0 ? `${plural(newHere, 'new notification')} arrived.` : ''}
        </p>
      </div>
      {query.isPending ? (
        <SkeletonRows rows={6} label="Loading notifications" />
      ) : query.isError && !query.data ? (
        <ErrorPanel error={query.error} title="Could not load notifications" onRetry={() => void query.refetch()} />
      ) : (
        <InboxList
          ref={listRef}
          rows={rows}
          sparse={query.sparse}
          total={total}
          active={active}
          onActiveChange={setActive}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onOpen={(n) => void actions.open(n)}
          onSetRead={(n, read) => n._id && actions.setReadFor([n._id], read)}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={() => void query.fetchNextPage()}
          nextPageError={
            query.isFetchNextPageError ? (
              <ErrorPanel
                compact
                error={query.error}
                title="Could not load more"
                onRetry={() => void query.fetchNextPage()}
              />
            ) : undefined
          }
          empty={
            <div className="empty">
              <strong>{q || type || unreadOnly ? 'No notifications match.' : 'Nothing here.'}</strong>
              <span className="muted">New notifications appear here as work moves, without a reload.</span>
            </div>
          }
        />
      )}
      <p className="hint inbox-keys" aria-hidden="true">
        <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>x</kbd> select · <kbd>Shift</kbd>+<kbd>I</kbd>{' '}
        read · <kbd>Shift</kbd>+<kbd>U</kbd> unread
      </p>
      {actions.detail ? <NotificationDetail n={actions.detail} onClose={actions.closeDetail} /> : null}
    </div>
  );
}
