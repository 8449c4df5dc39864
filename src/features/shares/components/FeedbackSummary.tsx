/**
 * The answers to a share, for its sender (and admins, and recipients allowed `shareVotingView`): per asset the votes
 * counted, then per recipient what they voted, answered and commented (`GET /shares/{id}/feedback`).
 */
import type { Share, ShareFeedback, ShareQuestion } from '../../../api/schema/share';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Section } from '../../../components/Section';
import { useShareFeedback } from '../queries';

const VOTE_WORDS: Record<string, string> = { up: 'Like', down: 'Not for us', order: 'Would order' };

export function FeedbackSummary({ shareId, share }: { shareId: string; share: Share }) {
  const query = useShareFeedback(shareId, true);
  const records = query.data ?? [];
  const questions = share.questions ?? [];
  const people = new Set(records.map((r) => r.user)).size;
  return (
    <Section title="Feedback" meta={`(${people} ${people === 1 ? 'recipient' : 'recipients'})`}>
      {query.isError ? (
        <ErrorPanel error={query.error} title="Could not load the feedback" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <p className="muted">Loading the feedback…</p>
      ) : records.length === 0 ? (
        <p className="muted">No feedback yet. Recipients vote and answer on the playlist.</p>
      ) : (
        <ul className="feedback-list">
          {(share.assets ?? []).map((a) => {
            const mine = records.filter((r) => r.asset === a._id);
            const count = (v: string) => mine.filter((r) => r.vote === v).length;
            return (
              <li key={a._id} className="feedback-list__asset">
                <h3 className="feedback-list__name">{a.name || 'Untitled asset'}</h3>
                <p className="feedback-list__counts" aria-label={`Votes on ${a.name ?? 'this asset'}`}>
                  {Object.entries(VOTE_WORDS).map(([v, word]) => (
                    <span key={v} className="tag">
                      {word}: {count(v)}
                    </span>
                  ))}
                </p>
                {mine.length ? (
                  <table className="table feedback-table">
                    <thead>
                      <tr>
                        <th scope="col">Recipient</th>
                        <th scope="col">Vote</th>
                        {questions.map((q) => (
                          <th scope="col" key={q._id}>
                            {q.text}
                          </th>
                        ))}
                        <th scope="col">Comment</th>
                      </tr>
                    </thead>
                    <tbody>
                      {mine.map((r) => (
                        <FeedbackRow key={r._id} record={r} questions={questions} />
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <p className="muted">No feedback on this asset yet.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function FeedbackRow({ record, questions }: { record: ShareFeedback; questions: readonly ShareQuestion[] }) {
  return (
    <tr>
      <th scope="row">
        {record.userName || 'A recipient'}
        {record.territoryName ? <span className="muted"> ({record.territoryName})</span> : null}
      </th>
      <td>{record.vote ? VOTE_WORDS[record.vote] : <span className="muted">—</span>}</td>
      {questions.map((q) => (
        <td key={q._id}>{record.answers?.[q._id ?? ''] ?? <span className="muted">—</span>}</td>
      ))}
      <td>{record.comment ?? <span className="muted">—</span>}</td>
    </tr>
  );
}
