/**
 * A moment as the wall clock of a time zone shows it (`YYYY-MM-DDTHH:mm`, a datetime-local input's value) and back:
 * how a form edits a work request's `{date, tz}` in the order's own zone, whatever the viewer's zone is. The zone
 * arithmetic is zonedTime.ts's (one place); this is its datetime-local spelling.
 */
import { isValidTimeZone } from './dates';
import { epochOfWallClock, wallClockAt } from './zonedTime';

/** `2026-12-12T17:00` for the moment in `tz` (the viewer's zone when `tz` is unknown). */
export function toWallClock(epochSeconds: number, tz: string | undefined): string {
  const zone = isValidTimeZone(tz) ? tz : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { date, time } = wallClockAt(epochSeconds * 1000, zone);
  return `${date}T${time}`;
}

/**
 * The epoch seconds at which `tz`'s wall clock shows `value` (`YYYY-MM-DDTHH:mm`), or undefined for a malformed
 * value or an unknown zone. A time skipped by a clock change is the instant an hour later (zonedTime.ts).
 */
export function fromWallClock(value: string, tz: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!m || !isValidTimeZone(tz)) return undefined;
  return epochOfWallClock({ date: m[1]!, time: m[2]! }, tz);
}
