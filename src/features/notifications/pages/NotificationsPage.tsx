/**
 * The inbox (spec GET /notifications): the caller's notifications newest first, by tab (Orders, Embargoes, General,
 * All), each tab with its unread count; search, type and unread filters in the URL; infinite scroll; opening marks
 * read and goes where the notification points; read / unread per row, for a selection, and for everything in the
 * current tab and filter, optimistically. Keyboard: j/k, Enter, x, Shift+I, Shift+U.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Parsed } from '../../../api/parse';
import type { Notification } from '../../../api/schema/notification';
import { EVENT_TYPES } from '../../../api/schema/event';
import { describeError, ErrorPanel } from '../../../components/ErrorPanel';
import { Field, Fields } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useDocumentTitle } from '../../../components/PageTitle';
import { SkeletonRows } from '../../../components/Skeleton';
import { formatDateTime } from '../../../lib/dates';
import { formatCount, plural } from '../../../lib/format';
import { useFilterParams } from '../../../lib/useFilterParams';
import { InboxList, inboxRows, type InboxListHandle } from '../components/InboxList';
import { LiveStatus } from '../components/LiveStatus';
import {
  filtersOfView,
  notificationTitle,
  paramsOfView,
  TABS,
  targetOf,
  typeLabel,
  viewFromParams,
  whoOf,
  type Tab,
} from '../model/inbox';
import { useMarkAllRead, useNotifications, useOpenNotification, useSetRead, useTabUnreadCount } from '../queries';
import { useArrivals } from '../useLiveNotifications';
import '../notifications.css';
import { useChanged } from '../../../lib/useChanged';

type Message = { kind: 'ok' | 'error'; text: string; link?: { to: string; label: string } | undefined };

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
  const filters = useMemo(() => filtersOfView(view), [view.tab.id, view.type, view.q, view.unreadOnly]); // eslint-disable-line react-hooks/exhaustive-deps -- `view` is a new object each render; these are its parts
  const navigate = useNavigate();
  const query = useNotifications(filters);
  const setRead = useSetRead();
  const markAll = useMarkAllRead();
  const openOne = useOpenNotification();
  const listRef = useRef<InboxListHandle>(null);

  const rows = useMemo(() => dedupe(query.data?.pages.flatMap((p) => p.items) ?? []), [query.data]);
  const total = query.data?.pages[0]?.total;
  // Every row when the total is known (placeholders until their page loads), else the loaded ones.
  const laidOut = inboxRows(rows, query.sparse);
  const { count } = laidOut;
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<Message | undefined>();
  const [detail, setDetail] = useState<Notification | undefined>();
  const viewKey = `${view.tab.id}|${view.type ?? ''}|${view.q}|${view.unreadOnly}`;

  // A new view starts at the top with nothing selected; the active row stays on the list when it shrinks.
  const viewChanged = useChanged(viewKey);
  if (viewChanged) {
    setActive(0);
    setSelected(new Set());
  } else if (active > 0 && active >= count) {
    setActive(Math.max(0, count - 1));
  }

  const update = useCallback(
    (patch: Partial<{ tab: Tab['id']; type: string | undefined; q: string; unreadOnly: boolean }>) => {
      setParams((current) => {
        const v = viewFromParams(current);
        const next = { tab: v.tab.id, type: v.type, q: v.q, unreadOnly: v.unreadOnly, ...patch };
        if (patch.tab && patch.tab !== v.tab.id) next.type = undefined;
        return paramsOfView(next);
      });
    },
    [setParams],
  );

  // Search: typed freely, applied after a pause.
  const [qInput, setQInput] = useState(view.q);
  const qChanged = useChanged(view.q); // back/forward, a tab's link
  if (qChanged) setQInput(view.q);
  useEffect(() => {
    if (qInput.trim() === view.q) return;
    const timer = setTimeout(() => update({ q: qInput }), 300);
    return () => clearTimeout(timer);
  }, [qInput, view.q, update]);

  const setReadFor = useCallback(
    (ids: string[], read: boolean) => {
      if (ids.length === 0) return;
      setMessage(undefined);
      setRead.mutate(
        { ids, read },
        {
          onSuccess: () =>
            setMessage({
              kind: 'ok',
              text: `Marked ${plural(ids.length, 'notification')} ${read ? 'read' : 'unread'}.`,
            }),
          onError: (error) =>
            setMessage({
              kind: 'error',
              text: `Could not mark ${ids.length === 1 ? 'it' : 'them'} ${read ? 'read' : 'unread'}: ${describeError(error)} The change was undone.`,
            }),
        },
      );
    },
    [setRead],
  );

  const open = useCallback(
    async (n: Notification) => {
      if (!n._id) return;
      setMessage(undefined);
      const fallback = targetOf(n);
      try {
        const full = await openOne.mutateAsync(n._id);
        const target = targetOf(full) ?? fallback;
        if (target) void navigate(target);
        else setDetail(full);
      } catch (error) {
        setMessage({
          kind: 'error',
          text: `Could not mark it read: ${describeError(error)} The change was undone.`,
          link: fallback ? { to: fallback, label: 'Open it anyway' } : undefined,
        });
      }
    },
    [openOne, navigate],
  );

  const selectedIds = useMemo(() => [...selected], [selected]);
  const loaded = useMemo(() => rows.flatMap((r) => (r.ok ? [r.data] : [])), [rows]);

  const markAllRead = () => {
    setMessage(undefined);
    const loadedUnreadIds = loaded.filter((n) => n.read !== true && n._id).map((n) => n._id!);
    markAll.mutate(
      { filters, loadedUnreadIds },
      {
        onSuccess: ({ updated }) =>
          setMessage({
            kind: 'ok',
            text:
              updated === 0
                ? 'Nothing was unread.'
                : `Marked ${updated === undefined ? 'all' : plural(updated, 'notification')} read.`,
          }),
        onError: (error) =>
          setMessage({
            kind: 'error',
            text: `Could not mark all read: ${describeError(error)} The change was undone.`,
          }),
      },
    );
  };

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

  // Keyboard triage anywhere on the page (not while typing or in a dialog).
  // An Effect Event: the listener added once always sees this render's rows and selection.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement | null;
    const inList = Boolean(target?.closest('.inbox-list'));
    if (!inList && target?.closest('input, textarea, select, button, a, [contenteditable="true"], summary')) return;
    if (document.querySelector('dialog[open]')) return;
    const row = laidOut.rowAt(active);
    const current = row?.ok ? row.data : undefined;
    const last = Math.max(0, count - 1);
    const key = event.key;
    if (key === 'j' && !event.shiftKey) {
      // Page after page (total unknown); with a known total the rows in view load themselves.
      const more = !query.sparse && query.hasNextPage && !query.isFetchingNextPage;
      if (active >= last && more) void query.fetchNextPage();
      setActive(Math.min(last, active + 1));
      listRef.current?.focus();
    } else if (key === 'k' && !event.shiftKey) {
      setActive(Math.max(0, active - 1));
      listRef.current?.focus();
    } else if (key === 'Enter' && !event.shiftKey) {
      if (!inList && target !== document.body) return;
      if (current) void open(current);
    } else if (key === 'x' && !event.shiftKey) {
      if (current?._id) toggle(current._id);
    } else if ((key === 'I' || key === 'U') && event.shiftKey) {
      const read = key === 'I';
      setReadFor(selectedIds.length > 0 ? selectedIds : current?._id ? [current._id] : [], read);
    } else return;
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const arrivals = useArrivals();
  const [arrivalsAtMount] = useState(arrivals);
  const newHere = arrivals - arrivalsAtMount;

  const typeChoices = view.tab.types ?? EVENT_TYPES;

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
      <nav className="segmented inbox-tabs" aria-label="Notification kinds">
        {TABS.map((t) => (
          <TabLink key={t.id} tab={t} current={t.id === view.tab.id} unreadOnly={view.unreadOnly} q={view.q} />
        ))}
      </nav>
      <div className="filters inbox-filters">
        <div className="filter-field filters__search">
          <label htmlFor="inbox-q">Search</label>
          <input
            id="inbox-q"
            type="search"
            value={qInput}
            placeholder="Title or subject"
            onChange={(e) => setQInput(e.target.value)}
          />
        </div>
        <div className="filter-field">
          <label htmlFor="inbox-type">Type</label>
          <select
            id="inbox-type"
            value={view.type ?? ''}
            onChange={(e) => update({ type: e.target.value || undefined })}
          >
            <option value="">All {view.tab.id === 'all' ? 'types' : `in ${view.tab.label}`}</option>
            {typeChoices.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox-inline inbox-filters__unread">
          <input type="checkbox" checked={view.unreadOnly} onChange={(e) => update({ unreadOnly: e.target.checked })} />
          Unread only
        </label>
        <div className="inbox-filters__actions">
          {selectedIds.length > 0 ? (
            <>
              <span className="inbox-selection" aria-live="polite">
                {plural(selectedIds.length, 'selected', 'selected')}
              </span>
              <button type="button" className="button button--small" onClick={() => setReadFor(selectedIds, true)}>
                Mark selected read
              </button>
              <button type="button" className="button button--small" onClick={() => setReadFor(selectedIds, false)}>
                Mark selected unread
              </button>
              <button type="button" className="link-button" onClick={() => setSelected(new Set())}>
                Clear selection
              </button>
            </>
          ) : null}
          <button type="button" className="button button--small" disabled={markAll.isPending} onClick={markAllRead}>
            Mark all read{view.q || view.type ? ' (filtered)' : ''}
          </button>
        </div>
      </div>
      <div className="inbox-messages">
        {message ? (
          <div
            className={message.kind === 'error' ? 'inline-error inbox-message' : 'inbox-message'}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
            {message.link ? (
              <>
                {' '}
                <Link to={message.link.to}>{message.link.label}</Link>
              </>
            ) : null}
            <button type="button" className="link-button" onClick={() => setMessage(undefined)}>
              Dismiss
            </button>
          </div>
        ) : null}
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
          onOpen={(n) => void open(n)}
          onSetRead={(n, read) => n._id && setReadFor([n._id], read)}
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
              <strong>{view.q || view.type || view.unreadOnly ? 'No notifications match.' : 'Nothing here.'}</strong>
              <span className="muted">New notifications appear here as work moves, without a reload.</span>
            </div>
          }
        />
      )}
      <p className="hint inbox-keys" aria-hidden="true">
        <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>x</kbd> select · <kbd>Shift</kbd>+<kbd>I</kbd>{' '}
        read · <kbd>Shift</kbd>+<kbd>U</kbd> unread
      </p>
      {detail ? <NotificationDetail n={detail} onClose={() => setDetail(undefined)} /> : null}
    </div>
  );
}

function TabLink({ tab, current, unreadOnly, q }: { tab: Tab; current: boolean; unreadOnly: boolean; q: string }) {
  const count = useTabUnreadCount(tab.types);
  const n = count.data?.count;
  const text = n !== undefined ? `${n}${count.data?.more ? '+' : ''}` : undefined;
  return (
    <Link
      className="segmented__item inbox-tab"
      aria-current={current ? 'page' : undefined}
      to={{ search: paramsOfView({ tab: tab.id, unreadOnly, q }).toString() }}
      replace
    >
      {tab.label}
      {text !== undefined && n! > 0 ? (
        <span className="inbox-tab__count" data-testid={`tab-count-${tab.id}`}>
          <span aria-hidden="true">{text}</span>
          <span className="visually-hidden">, {text} unread</span>
        </span>
      ) : null}
    </Link>
  );
}

/** A notification that points at no work request or share: its full record, read. */
function NotificationDetail({ n, onClose }: { n: Notification; onClose: () => void }) {
  const when = n.added ?? n.created;
  const projects = n.event?.projects
    ?.map((p) => p.name)
    .filter(Boolean)
    .join(', ');
  return (
    <Modal title={notificationTitle(n)} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onClose();
        }}
      >
        <Fields columns={2}>
          <Field label="From">{whoOf(n)}</Field>
          <Field label="Type">{typeLabel(n.type)}</Field>
          <Field label="When">{when ? formatDateTime(when) : undefined}</Field>
          <Field label="Projects">{projects}</Field>
          <Field label="E-mail subject">{n.emailSubject}</Field>
          <Field label="Assets">{n.event?.assets?.length ? plural(n.event.assets.length, 'asset') : undefined}</Field>
        </Fields>
        <div className="modal__actions">
          <button type="submit" className="button button--primary">
            Close
          </button>
        </div>
      </form>
    </Modal>
  );
}
