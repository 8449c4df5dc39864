/**
 * The order queue's rows, one per asset × language/territory: each with its due date (the shared one, or its own:
 * "Own due date" opens the fields), the open or rejected orders it repeats (links, found by the dry run), its
 * problems, and Remove. A list, so the rows read the same on a phone.
 */
import { Link } from 'react-router';
import type { OrderDuplicate } from '../../../api/schema/orderBatch';
import { StatusBadge } from '../../../components/StatusBadge';
import type { FieldErrors } from '../model/draft';
import type { DueOverride, QueuePair, QueueRow } from '../model/queue';

interface Props {
  rows: readonly QueueRow[];
  pairLabel: (pair: QueuePair) => string;
  duplicates: readonly OrderDuplicate[];
  errors: Record<string, FieldErrors>;
  onDue: (row: QueueRow, due: DueOverride | undefined) => void;
  onRemove: (row: QueueRow) => void;
}

export function QueueRows({ rows, pairLabel, duplicates, errors, onDue, onRemove }: Props) {
  if (!rows.length) return <p className="empty">No rows yet: choose assets and add languages.</p>;
  return (
    <ol className="queue-rows" aria-label="Orders to place">
      {rows.map((row, i) => {
        const name = `${row.asset.name}, ${pairLabel(row)}`;
        const repeats = duplicates.filter((d) => d.index === i);
        const problems = Object.values(errors[row.key] ?? {}).filter(Boolean);
        const errorId = `queue-row-${i}-error`;
        return (
          <li
            key={row.key}
            className={`queue-row${repeats.length ? ' queue-row--duplicate' : ''}`}
            aria-label={name}
            aria-describedby={problems.length ? errorId : undefined}
          >
            <div className="queue-row__what">
              <strong>{row.asset.name}</strong>
              <span>{pairLabel(row)}</span>
            </div>
            <div className="queue-row__due">
              {row.overridden ? (
                <>
                  <label>
                    <span className="visually-hidden">Due date of {name}</span>
                    <input
                      type="date"
                      value={row.dueDate}
                      onChange={(e) => onDue(row, { dueDate: e.target.value, dueTime: row.dueTime })}
                    />
                  </label>
                  <label>
                    <span className="visually-hidden">Due time of {name}</span>
                    <input
                      type="time"
                      value={row.dueTime}
                      onChange={(e) => onDue(row, { dueDate: row.dueDate, dueTime: e.target.value })}
                    />
                  </label>
                  <span className="muted">{row.zone}</span>
                  <button type="button" className="button button--small" onClick={() => onDue(row, undefined)}>
                    Shared date
                  </button>
                </>
              ) : (
                <>
                  <span className="muted">
                    Due {row.dueDate ? `${row.dueDate} ${row.dueTime} ${row.zone}` : '(shared date)'}
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Own due date for ${name}`}
                    onClick={() => onDue(row, { dueDate: row.dueDate, dueTime: row.dueTime })}
                  >
                    Own due date
                  </button>
                </>
              )}
            </div>
            <button
              type="button"
              className="button button--small queue-row__remove"
              aria-label={`Remove ${name}`}
              onClick={() => onRemove(row)}
            >
              Remove
            </button>
            {repeats.length ? (
              <p className="queue-row__duplicates">
                <span aria-hidden="true">⚠ </span>Repeats{' '}
                {repeats.map((d, k) => (
                  <span key={d.workRequest._id}>
                    {k > 0 ? ', ' : ''}
                    <Link to={`/work-requests/${encodeURIComponent(d.workRequest._id)}`}>
                      an order of {d.workRequest.asset}
                    </Link>{' '}
                    <StatusBadge status={d.workRequest.status} />
                  </span>
                ))}
              </p>
            ) : null}
            {problems.length ? (
              <p id={errorId} className="form-error">
                {problems.join(' ')}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
