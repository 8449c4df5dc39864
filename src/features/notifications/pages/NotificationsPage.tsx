/** The inbox: the caller's notifications (spec GET /notifications), by tab, newest first. */
import { Link, useSearchParams } from 'react-router';
import type { Notification } from '../../../api/schema/notification';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDocumentTitle } from '../../../components/PageTitle';
import { SkeletonRows } from '../../../components/Skeleton';
import { formatDateTime, formatRelative, isoDateTime } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { useMarkRead, useNotifications } from '../queries';

const TABS = [
  { id: 'all', label: 'All', types: undefined },
  { id: 'orders', label: 'Orders', types: ['wam', 'wr-status', 'wr-comment', 'translation-submitted'] },
  { id: 'embargoes', label: 'Embargoes', types: ['embargo'] },
  { id: 'general', label: 'General', types: ['share'] },
] as const;

const TYPE_LABELS: Record<string, string> = {
  wam: 'Awaiting materials', 'wr-status': 'Status change', 'wr-comment': 'Comment',
  'translation-submitted': 'Translation submitted', share: 'Share', embargo: 'Embargo',
};

export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.id === params.get('tab')) ?? TABS[0];
  const unreadOnly = params.get('unread') === '1';
  const query = useNotifications({ type: tab.types, read: unreadOnly ? false : undefined });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total;

  const set = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });

  return (
    <div className="page page--narrow">
      <div className="page__header">
        <h1 className="page__title">Notifications</h1>
        <p className="page__count" aria-live="polite">{total !== undefined ? plural(total, 'notification') : null}</p>
      </div>
      <div className="toolbar">
        <nav className="segmented" aria-label="Notification kinds">
          {TABS.map((t) => (
            <Link
              key={t.id}
              className="segmented__item"
              aria-current={t.id === tab.id ? 'page' : undefined}
              to={{ search: new URLSearchParams({ ...(t.id !== 'all' ? { tab: t.id } : {}), ...(unreadOnly ? { unread: '1' } : {}) }).toString() }}
            >
              {t.label}
            </Link>
          ))}
        </nav>
        <label className="checkbox-inline">
          <input type="checkbox" checked={unreadOnly} onChange={(e) => set('unread', e.target.checked ? '1' : undefined)} />
          Unread only
        </label>
      </div>
      {query.isPending ? (
        <SkeletonRows rows={6} label="Loading notifications" />
      ) : query.isError && !query.data ? (
        <ErrorPanel error={query.error} title="Could not load notifications" onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <div className="empty"><strong>Nothing here.</strong> <span className="muted">New notifications appear as work moves.</span></div>
      ) : (
        <ul className="inbox">
          {items.map((item, i) =>
            item.ok ? (
              <NotificationItem key={item.data._id ?? i} n={item.data} />
            ) : (
              <li key={`invalid-${i}`} className="inbox__item">
                <span className="inline-error">A notification could not be read: {item.problems[0]?.path} {item.problems[0]?.message}</span>
              </li>
            ),
          )}
        </ul>
      )}
      {query.hasNextPage ? (
        <button type="button" className="button" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}

function NotificationItem({ n }: { n: Notification }) {
  const markRead = useMarkRead();
  const when = n.added ?? n.created;
  const wrId = n.event?.workRequest?._id;
  const unread = n.read === false;
  return (
    <li className={`inbox__item${unread ? ' is-unread' : ''}`}>
      <span className="inbox__dot" aria-hidden="true" />
      <div className="inbox__main">
        <div className="inbox__title">
          {unread ? <span className="visually-hidden">Unread: </span> : null}
          {n.title || n.emailSubject || 'Notification'}
        </div>
        <div className="inbox__meta">
          <span className="tag">{TYPE_LABELS[n.type ?? ''] ?? n.type ?? 'Other'}</span>
          {when ? <time dateTime={isoDateTime(when)} title={formatDateTime(when)}>{formatRelative(when)}</time> : null}
          {wrId ? <Link to={`/work-requests/${encodeURIComponent(wrId)}`}>Open work request</Link> : null}
        </div>
      </div>
      {unread && n._id ? (
        <button type="button" className="button button--small" disabled={markRead.isPending} onClick={() => markRead.mutate(n._id!)}>
          Mark read
        </button>
      ) : null}
    </li>
  );
}
