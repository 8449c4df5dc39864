/**
 * A date in a named time zone, shown in that zone and, when it differs, in the viewer's. Used for a work
 * request's due date and delivery deadline. Lateness is said in words ("3 days late") as well as in colour.
 */
import { formatInZones, isoDateTime, isValidTimeZone, viewerTimeZone } from '../lib/dates';
import type { ZonedDate } from '../api/schema/common';

interface Props {
  value: ZonedDate | undefined;
  /** Past due: how late, in words (lib/statuses.ts `lateness`). */
  late?: string;
  /** Two short lines for table cells. */
  compact?: boolean;
}

export function ZonedDateTime({ value, late, compact = false }: Props) {
  const overdue = late !== undefined;
  if (value?.date === undefined) return <span className="muted">Not set</span>;
  const viewer = viewerTimeZone();
  const zone = isValidTimeZone(value.tz) ? value.tz : undefined;
  const texts = formatInZones(value.date, zone, viewer, compact);
  const showViewer = zone !== undefined && !texts.sameClock;
  const overdueLabel = overdue ? <span className="zoned__overdue">{late}</span> : null;
  const viewerTime = showViewer ? (
    <>
      <span className="visually-hidden">Your time: </span>
      <span aria-hidden="true">You: </span>
      {texts.viewer}
    </>
  ) : null;
  return (
    <span className={`zoned${overdue ? ' zoned--overdue' : ''}${compact ? ' zoned--compact' : ''}`}>
      <time dateTime={isoDateTime(value.date)} title={zone ?? 'Your time zone'}>
        {texts.zoned}
        {!compact && zone ? <span className="zoned__zone"> ({zone})</span> : null}
        {value.tz && !zone ? <span className="zoned__zone"> (unknown zone “{value.tz}”, shown in yours)</span> : null}
      </time>
      {compact ? (
        overdueLabel || viewerTime ? (
          <span className="zoned__viewer">
            {overdueLabel}
            {overdueLabel && viewerTime ? ' · ' : null}
            {viewerTime}
          </span>
        ) : null
      ) : (
        <>
          {viewerTime ? <span className="zoned__viewer">{viewerTime}</span> : null}
          {overdueLabel}
        </>
      )}
    </span>
  );
}
