/**
 * The mail outbox (admins; docs/API.md "Mail"): who got what and when, and the message itself, shown as its plain-text
 * part (never the HTML as markup: a mail's content is not the app's to render).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listOutbox } from '../../../api/mail';
import { isApiError } from '../../../api/client';
import type { OutboxMail } from '../../../api/schema/mail';
import './outbox.css';

const PERIODS: Record<number, string> = {
  0: 'Immediate',
  3600: 'Hourly digest',
  86400: 'Daily digest',
  604800: 'Weekly digest',
};

function when(seconds: number | undefined): string {
  return seconds === undefined ? '—' : new Date(seconds * 1000).toLocaleString();
}

export function OutboxPage() {
  const query = useQuery({ queryKey: ['mail', 'outbox'], queryFn: ({ signal }) => listOutbox({ size: 100, signal }) });
  const [selected, setSelected] = useState<string>();
  // A record that failed its check is left out of the list (its problems are the server's to fix, not the reader's).
  const mails = (query.data?.items ?? []).flatMap((item) => (item.ok ? [item.data] : []));
  const open: OutboxMail | undefined = mails.find((m) => m._id === selected) ?? mails[0];

  return (
    <main className="outbox page">
      <h1>Mail outbox</h1>
      <p className="hint">
        Every mail the console sent or kept, newest first. Without SMTP configured mail stays here instead of being
        sent.
      </p>
      {query.isPending ? <p role="status">Loading mail…</p> : null}
      {query.isError ? (
        <p role="alert">
          {isApiError(query.error) && query.error.status === 403
            ? 'Only admins can read the outbox.'
            : 'The outbox could not be read. Try again.'}
        </p>
      ) : null}
      {query.isSuccess && mails.length === 0 ? <p>No mail yet.</p> : null}
      {mails.length > 0 ? (
        <div className="outbox__layout">
          <ul className="outbox__list" aria-label="Mails">
            {mails.map((m) => (
              <li key={m._id}>
                <button
                  type="button"
                  className="outbox__item"
                  aria-current={open?._id === m._id ? 'true' : undefined}
                  onClick={() => setSelected(m._id)}
                >
                  <span className="outbox__subject">{m.subject}</span>
                  <span className="outbox__meta">
                    {m.address} · {when(m.created)} · {PERIODS[m.frequency ?? 0] ?? 'Digest'} ·{' '}
                    {m.delivery === 'smtp' ? 'sent' : 'kept'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {open ? (
            <article className="outbox__message" aria-label="Message">
              <h2>{open.subject}</h2>
              <p className="outbox__meta">
                To {open.address} · {when(open.created)}
              </p>
              <pre className="outbox__text">{open.text}</pre>
            </article>
          ) : null}
        </div>
      ) : null}
    </main>
  );
}
