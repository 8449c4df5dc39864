/** The inbox's tabs (Orders, Embargoes, General, All), each with its unread count. */
import { Link } from 'react-router';
import { paramsOfView, TABS, type Tab } from '../model/inbox';
import { useTabUnreadCount } from '../queries';

export function InboxTabs({ current, unreadOnly, q }: { current: Tab['id']; unreadOnly: boolean; q: string }) {
  return (
    <nav className="segmented inbox-tabs" aria-label="Notification kinds">
      {TABS.map((t) => (
        <TabLink key={t.id} tab={t} current={t.id === current} unreadOnly={unreadOnly} q={q} />
      ))}
    </nav>
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
