/** An ingest's state as a badge, with the share done while processing (docs/API.md "Ingest"). */
import type { IngestState } from '../api/schema/file';
import { STATE_LABELS } from '../lib/ingestText';
import './ingestState.css';

export function IngestStateBadge({ ingest }: { ingest: IngestState | undefined }) {
  if (!ingest?.state) return null;
  const label = STATE_LABELS[ingest.state];
  const percent = Math.round((ingest.progress ?? 0) * 100);
  return (
    <span className={`ingest-state ingest-state--${ingest.state}`}>
      {label}
      {ingest.state === 'processing' ? (
        <>
          {' '}
          <progress className="ingest-state__bar" max={100} value={percent} aria-label={`${label}: ${percent}%`} />
          <span className="ingest-state__percent">{percent}%</span>
        </>
      ) : null}
    </span>
  );
}
