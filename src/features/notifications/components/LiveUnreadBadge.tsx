/**
 * The navigation's unread count. Rendering it runs the live connection (useLiveNotifications), so the shell loads
 * this module after its first render: the page in view never waits for the inbox's code.
 */
import { useLiveNotifications } from '../useLiveNotifications';

export function LiveUnreadBadge() {
  const unread = useLiveNotifications(true);
  if (!unread.data || unread.data.count === 0) return null;
  const text = `${unread.data.count}${unread.data.more ? '+' : ''}`;
  return (
    <span className="count-badge">
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">, {text} unread</span>
    </span>
  );
}
