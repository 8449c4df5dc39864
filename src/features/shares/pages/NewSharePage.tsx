/**
 * Sending a share (`/shares/new`, `POST /shares`: docs/API.md "Sending a share"): the queued assets (lib/shareQueue.ts,
 * filled from asset pages, or `?assets=<id>,…`), recipients (people found by name, or any e-mail address: a newcomer
 * is invited), a note, feedback on or off with questions, and an end. Sent in one request that stores all of it or
 * nothing; a refusal names each problem and keeps the form as it was. Once sent, the newcomers' invitation links
 * are shown for the sender to pass on.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import type { QuestionType } from '../../../api/schema/share';
import type { ShareInvitation } from '../../../api/shares';
import { isApiError } from '../../../api/client';
import { DetailBreadcrumb } from '../../../components/DetailPage';
import { describeError } from '../../../components/ErrorPanel';
import { useDocumentTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { assetOptions } from '../../../lib/catalogRecords';
import { shareQueue, useShareQueue } from '../../../lib/shareQueue';
import { RecipientsEditor } from '../components/RecipientsEditor';
import { addRecipient, draftFrom, removeRecipient, type ShareDraft } from '../model/draft';
import { useSendShare } from '../queries';
import '../../../components/record.css';
import '../shares.css';

interface QuestionDraft {
  type: QuestionType;
  text: string;
  choices: string;
}

const QUESTION_TYPE_WORDS: Record<QuestionType, string> = { yesno: 'Yes / no', choice: 'Choice', text: 'Free text' };

export function NewSharePage() {
  useDocumentTitle('New share');
  const [params] = useSearchParams();
  const queued = useShareQueue();
  const ids = useMemo(() => {
    const given = (params.get('assets') ?? '').split(',').filter(Boolean);
    return [...new Set([...given, ...queued])];
  }, [params, queued]);
  const assets = useQueries({ queries: ids.map((id) => assetOptions(id)) });
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [recipients, setRecipients] = useState<ShareDraft>(() => draftFrom({}));
  const [notes, setNotes] = useState('');
  const [feedback, setFeedback] = useState(true);
  const [questions, setQuestions] = useState<QuestionDraft[]>([]);
  const [ends, setEnds] = useState('');
  const send = useSendShare();
  const [sent, setSent] = useState<{ id: string; invitations: ShareInvitation[] }>();

  const chosen = ids.filter((id) => !removed.has(id));

  const submit = () => {
    const body = {
      assets: chosen.map((_id) => ({ _id })),
      to: recipients.to.map((u) => (u._id ? { _id: u._id } : { emailNormal: u.emailNormal })),
      notes,
      feedback: { enabled: feedback },
      questions: feedback
        ? questions.map((q) => ({
            type: q.type,
            text: q.text,
            ...(q.type === 'choice'
              ? {
                  choices: q.choices
                    .split(',')
                    .map((c) => c.trim())
                    .filter(Boolean),
                }
              : {}),
          }))
        : [],
      ...(ends ? { expires: Math.floor(new Date(`${ends}T23:59:59`).getTime() / 1000) } : {}),
    };
    send.mutate(body, {
      onSuccess: (answer) => {
        for (const id of chosen) shareQueue.remove(id);
        setSent({ id: answer._id, invitations: answer.$invitations ?? [] });
      },
    });
  };

  if (sent) return <Sent id={sent.id} invitations={sent.invitations} />;

  return (
    <div className="page new-share-page">
      <DetailBreadcrumb to="/shares" label="Shares" name="New share" />
      <h1 className="page__title">New share</h1>
      {/* Not a form: the recipient picker is one of its own (forms do not nest). */}
      <div className="new-share__form">
        <Section title="Assets" meta={`(${chosen.length})`}>
          {chosen.length === 0 ? (
            <p className="muted">
              No assets yet. Open an asset in the <Link to="/catalog">catalog</Link> and choose “Add to share”.
            </p>
          ) : (
            <ul className="value-list new-share__assets" aria-label="Assets to share">
              {ids.map((id, i) =>
                removed.has(id) ? null : (
                  <li key={id}>
                    <span>{assets[i]?.data?.data.name ?? (assets[i]?.isError ? 'An asset you cannot read' : '…')}</span>{' '}
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => {
                        shareQueue.remove(id);
                        setRemoved((r) => new Set([...r, id]));
                      }}
                    >
                      Remove
                    </button>
                  </li>
                ),
              )}
            </ul>
          )}
        </Section>
        <Section title="Recipients" meta={`(${recipients.to.length})`}>
          <RecipientsEditor
            draft={recipients}
            savedKeys={new Set()}
            readOnly={false}
            me={undefined}
            onAdd={(u) => setRecipients((d) => addRecipient(d, u, {}))}
            onRemove={(u) => setRecipients((d) => removeRecipient(d, u))}
          />
          <p className="hint">
            Someone not on the platform yet gets an invitation. Every recipient starts with watermarked previews and
            notes; change it on the share&apos;s page once sent.
          </p>
        </Section>
        <Section title="Message and feedback">
          <div className="field">
            <label htmlFor="share-notes">Note to the recipients</label>
            <textarea
              id="share-notes"
              className="input"
              rows={3}
              maxLength={20000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="share-ends">Open until (optional)</label>
            <input
              id="share-ends"
              className="input"
              type="date"
              value={ends}
              onChange={(e) => setEnds(e.target.value)}
            />
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={feedback} onChange={(e) => setFeedback(e.target.checked)} /> Ask for
            feedback (votes, answers, comments)
          </label>
          {feedback ? <QuestionsEditor questions={questions} onChange={setQuestions} /> : null}
        </Section>
        {send.isError ? <SendError error={send.error} /> : null}
        <p>
          <button type="button" className="button button--primary" disabled={send.isPending} onClick={submit}>
            {send.isPending ? 'Sending…' : 'Send share'}
          </button>
        </p>
      </div>
    </div>
  );
}

function QuestionsEditor({
  questions,
  onChange,
}: {
  questions: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
}) {
  const set = (i: number, patch: Partial<QuestionDraft>) =>
    onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  return (
    <fieldset className="new-share__questions">
      <legend>Questions for each asset</legend>
      {questions.map((q, i) => (
        <div key={i} className="new-share__question">
          <label htmlFor={`q-type-${i}`} className="visually-hidden">
            Kind of question {i + 1}
          </label>
          <select
            id={`q-type-${i}`}
            className="input"
            value={q.type}
            onChange={(e) => set(i, { type: e.target.value as QuestionType })}
          >
            {(Object.keys(QUESTION_TYPE_WORDS) as QuestionType[]).map((t) => (
              <option key={t} value={t}>
                {QUESTION_TYPE_WORDS[t]}
              </option>
            ))}
          </select>
          <label htmlFor={`q-text-${i}`} className="visually-hidden">
            Question {i + 1}
          </label>
          <input
            id={`q-text-${i}`}
            className="input"
            placeholder="Question"
            value={q.text}
            onChange={(e) => set(i, { text: e.target.value })}
          />
          {q.type === 'choice' ? (
            <>
              <label htmlFor={`q-choices-${i}`} className="visually-hidden">
                Answers to choose from for question {i + 1}, separated by commas
              </label>
              <input
                id={`q-choices-${i}`}
                className="input"
                placeholder="Answers, separated by commas"
                value={q.choices}
                onChange={(e) => set(i, { choices: e.target.value })}
              />
            </>
          ) : null}
          <button
            type="button"
            className="button button--small"
            onClick={() => onChange(questions.filter((_, j) => j !== i))}
          >
            Remove question {i + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--small"
        onClick={() => onChange([...questions, { type: 'yesno', text: '', choices: '' }])}
      >
        Add a question
      </button>
    </fieldset>
  );
}

/** The server's refusal, each problem on its own line (`assets: a share needs at least one asset`). */
function SendError({ error }: { error: unknown }) {
  const details =
    isApiError(error) && Array.isArray(error.details) ? (error.details as { path?: string; message?: string }[]) : [];
  return (
    <div className="notice notice--warning" role="alert">
      <p>The share was not sent: {details.length ? 'please check these.' : describeError(error)}</p>
      {details.length ? (
        <ul>
          {details.map((d, i) => (
            <li key={i}>
              {d.path ? <code className="code">{d.path}</code> : null} {d.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Sent({ id, invitations }: { id: string; invitations: ShareInvitation[] }) {
  return (
    <div className="page new-share-page">
      <DetailBreadcrumb to="/shares" label="Shares" name="Share sent" />
      <h1 className="page__title">Share sent</h1>
      <p className="notice notice--info" role="status">
        Your recipients have been notified.
      </p>
      {invitations.length ? (
        <Section title="Invitations to pass on">
          <p>These people are not on the platform yet. Send each their link: it opens their invitation.</p>
          <ul className="value-list">
            {invitations.map((i) => (
              <li key={i.user}>
                {i.emailNormal}: <code className="code">{new URL(i.invite, window.location.origin).href}</code>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <p>
        <Link className="button button--primary" to={`/shares/${encodeURIComponent(id)}`}>
          Open the share
        </Link>
      </p>
    </div>
  );
}
