/**
 * The work request's history as a timeline, newest first: date, who (and their group), status, reason, and what an
 * order change changed, in words ("Due date … → …", "Tags: added rush"; docs/API.md "Orders").
 */
import type { HistoryEntry } from '../../../api/schema/workRequest';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime, isoDateTime } from '../../../lib/dates';
import { personGroup, personName } from '../../../lib/people';
import { changesOf, describeChange } from '../model/changeWords';

export function HistoryTimeline({ history }: { history: HistoryEntry[] | undefined }) {
  if (!history?.length) return <p className="muted">No history yet.</p>;
  const entries = history
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (b.entry.date ?? 0) - (a.entry.date ?? 0) || b.index - a.index);
  return (
    <ol className="timeline">
      {entries.map(({ entry, index }) => {
        const changes = changesOf(entry);
        return (
          <li key={index} className="timeline__item">
            <span className="timeline__dot" aria-hidden="true" />
            <div className="timeline__head">
              <StatusBadge status={entry.status} />
              {entry.date ? (
                <time dateTime={isoDateTime(entry.date)} className="muted">
                  {formatDateTime(entry.date)}
                </time>
              ) : null}
            </div>
            <div className="timeline__who">
              {personName(entry.user)}
              {personGroup(entry.user) ? <span className="muted"> · {personGroup(entry.user)}</span> : null}
            </div>
            {entry.reason ? <p className="timeline__reason">{entry.reason}</p> : null}
            {changes.length ? (
              <ul className="timeline__changes" aria-label="Changes">
                {changes.map((c, i) => (
                  <li key={i}>{describeChange(c)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
