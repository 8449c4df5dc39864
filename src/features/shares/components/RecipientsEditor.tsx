/**
 * Recipients (`to`): the list, and for the sender or an admin a way to add and remove people. People are
 * found with GET /users?q= (coordinators and admins); when that answers 403 or 404 the list is
 * "unavailable" and an e-mail address can be typed instead.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../../api/client';
import { describeError } from '../../../components/ErrorPanel';
import { initials } from '../../../lib/people';
import { isRecipient, recipientFromEmail, type ShareDraft, type ShareUser } from '../model/draft';
import { recipientName } from '../model/describe';
import { useShareCandidates } from '../queries';
import { useDebounced } from '../../../lib/useDebounced';

interface Props {
  draft: ShareDraft;
  /** Recipients of the saved version, to mark who is new. */
  savedKeys: ReadonlySet<string>;
  readOnly: boolean;
  me: string | undefined;
  onAdd: (user: ShareUser) => void;
  onRemove: (user: ShareUser) => void;
  /** More about a saved recipient under their name (a pending invitation and "Invite again" on a share's page). */
  about?: ((user: ShareUser) => ReactNode) | undefined;
}

export function RecipientsEditor({ draft, savedKeys, readOnly, me, onAdd, onRemove, about }: Props) {
  return (
    <>
      {draft.to.length === 0 ? (
        <p className="muted">No recipients. {readOnly ? '' : 'Add someone below so the share reaches people.'}</p>
      ) : (
        <ul className="recipients" aria-label="Recipients">
          {draft.to.map((u, i) => {
            const name = recipientName(u);
            const key = u._id ? `id:${u._id}` : `email:${(u.emailNormal ?? '').toLowerCase()}`;
            return (
              <li key={key + i} className="recipient">
                <span className="avatar" aria-hidden="true">
                  {initials(name)}
                </span>
                <span className="recipient__text">
                  <span className="truncate">
                    {name}
                    {me && u._id === me ? <span className="muted"> (you)</span> : null}
                  </span>
                  {u.emailNormal && u.emailNormal !== name ? (
                    <span className="truncate muted recipient__email">{u.emailNormal}</span>
                  ) : null}
                  {!u._id ? <span className="hint">Added by e-mail; not matched to an account.</span> : null}
                  {savedKeys.has(key) ? about?.(u) : null}
                </span>
                {!savedKeys.has(key) ? <span className="tag">New</span> : null}
                {readOnly ? null : (
                  <button
                    type="button"
                    className="icon-button recipient__remove"
                    aria-label={`Remove ${name}`}
                    title={`Remove ${name}`}
                    onClick={() => onRemove(u)}
                  >
                    ×
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {readOnly ? null : <AddRecipient draft={draft} onAdd={onAdd} />}
    </>
  );
}

function AddRecipient({ draft, onAdd }: { draft: ShareDraft; onAdd: (user: ShareUser) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const q = useDebounced(text.trim(), 250);
  const candidates = useShareCandidates(q, q.length >= 2);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const unavailable = isApiError(candidates.error) && [403, 404, 405, 501].includes(candidates.error.status);
  const people = (candidates.data?.items ?? [])
    .flatMap((item) => (item.ok ? [item.data] : []))
    .map((u): ShareUser => ({ _id: u._id, name: u.name, emailNormal: u.emailNormal ?? u.username }))
    .filter((u) => u._id && !isRecipient(draft, u))
    .slice(0, 8);

  const add = (user: ShareUser) => {
    onAdd(user);
    setText('');
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim().toLowerCase();
    const exact = people.find((p) => p.emailNormal?.toLowerCase() === typed);
    if (exact) return add(exact);
    if (people.length === 1 && !typed.includes('@')) return add(people[0]!);
    const parsed = recipientFromEmail(text);
    if ('error' in parsed)
      return setError(people.length ? 'Pick a person from the list, or type a full e-mail address.' : parsed.error);
    if (isRecipient(draft, parsed.user)) return setError('That person is already a recipient.');
    add(parsed.user);
  };

  return (
    <form className="add-recipient" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Add a recipient</label>
      <div className="add-recipient__row">
        <input
          id={inputId}
          type="search"
          value={text}
          autoComplete="off"
          placeholder={unavailable ? 'name@example.com' : 'Name or e-mail'}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
        />
        <button type="submit" className="button" disabled={!text.trim()}>
          Add
        </button>
      </div>
      <p id={hintId} className="hint">
        {unavailable
          ? 'The list of people is unavailable to you on this server: type the recipient’s e-mail address.'
          : 'Type at least two letters to find people, or a full e-mail address.'}
      </p>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {candidates.isError && !unavailable ? (
        <p className="form-error">Could not search people: {describeError(candidates.error)}</p>
      ) : null}
      {q.length >= 2 && !unavailable ? (
        <div aria-live="polite" className="add-recipient__results">
          {candidates.isFetching && !candidates.data ? (
            <span className="muted">Searching…</span>
          ) : people.length ? (
            <ul className="candidates" aria-label="Matching people">
              {people.map((p) => (
                <li key={p._id}>
                  <button type="button" className="candidate" onClick={() => add(p)}>
                    <span className="candidate__name">{recipientName(p)}</span>
                    {p.emailNormal ? <span className="muted"> {p.emailNormal}</span> : null}
                    <span className="visually-hidden"> — add as recipient</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : candidates.isSuccess ? (
            <span className="muted">No one else matches “{q}”.</span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
