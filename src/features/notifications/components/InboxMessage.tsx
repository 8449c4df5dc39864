/** What the last action did (or why it failed), with a link where there is somewhere to go, and Dismiss. */
import { Link } from 'react-router';
import type { InboxMessage as Message } from '../hooks/useInboxActions';

export function InboxMessage({ message, onDismiss }: { message: Message; onDismiss: () => void }) {
  return (
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
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
