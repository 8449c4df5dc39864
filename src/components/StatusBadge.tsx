/** A status as a coloured badge that also says it in words (colour is never the only signal). */
import { statusLabel, statusTone } from '../lib/statuses';

export function StatusBadge({ status }: { status: string | undefined }) {
  return (
    <span className={`badge badge--${statusTone(status)}`} data-status={status}>
      <span className="badge__dot" aria-hidden="true" />
      {statusLabel(status)}
    </span>
  );
}
