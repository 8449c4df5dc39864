/**
 * Dates of the interface are integer epoch seconds, and a work request's `due` / `deliveryDeadline` carry
 * an IANA time zone. Shown with Intl.DateTimeFormat: in the record's own zone and in the viewer's.
 */

// Building an Intl.DateTimeFormat costs a fraction of a millisecond, and table cells format dates on every
// render: formatters, zone checks and the viewer's zone are made once and reused.
const formatters = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

function formatter(timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let byZone = formatters.get(options);
  if (!byZone) formatters.set(options, (byZone = new Map<string, Intl.DateTimeFormat>()));
  const key = timeZone ?? '';
  let f = byZone.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    byZone.set(key, f);
  }
  return f;
}

const zoneValidity = new Map<string, boolean>();

export function isValidTimeZone(tz: string | undefined): tz is string {
  if (!tz) return false;
  let valid = zoneValidity.get(tz);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat(undefined, { timeZone: tz });
      valid = true;
    } catch {
      valid = false;
    }
    zoneValidity.set(tz, valid);
  }
  return valid;
}

let viewerZone: { zone: string; until: number } | undefined;

/** The viewer's time zone, looked up at most once a minute (it changes only when the machine's does). */
export function viewerTimeZone(nowMs: number = Date.now()): string {
  if (!viewerZone || viewerZone.until < nowMs) {
    viewerZone = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, until: nowMs + 60_000 };
  }
  return viewerZone.zone;
}

export function toDate(epochSeconds: number): Date {
  return new Date(epochSeconds * 1000);
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};
const DATE_ONLY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

/** e.g. "12 Mar 2025, 17:00 PST" in `tz` (the viewer's when absent or unknown). */
export function formatDateTime(epochSeconds: number, tz?: string): string {
  return formatter(isValidTimeZone(tz) ? tz : undefined, DATE_TIME).format(toDate(epochSeconds));
}

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
const SHORT_WITH_YEAR: Intl.DateTimeFormatOptions = { ...SHORT_DATE_TIME, year: 'numeric' };
const HALF_YEAR_S = 182 * 86400;

/** Like formatDateTime, without the year within half a year of now: for dense table cells. */
export function formatShortDateTime(epochSeconds: number, tz?: string, nowMs: number = Date.now()): string {
  const zone = isValidTimeZone(tz) ? tz : undefined;
  const near = Math.abs(epochSeconds - nowMs / 1000) < HALF_YEAR_S;
  return formatter(zone, near ? SHORT_DATE_TIME : SHORT_WITH_YEAR).format(toDate(epochSeconds));
}

/**
 * Makes the viewer's formatter of table cells now. The first Intl object a page makes loads the browser's locale data
 * (20-40 ms on a cold page, measured in Chromium; later ones cost a fraction of a millisecond): a worker calls this
 * first, off the main thread, then the main thread does, before the first list's render needs it
 * (lib/warmDateFormats.ts, started by the early script).
 */
export function prepareDateFormats(nowMs: number = Date.now()): void {
  formatShortDateTime(Math.floor(nowMs / 1000), viewerTimeZone(nowMs), nowMs);
}

/** e.g. "12 Mar 2025" in the viewer's zone. */
export function formatDate(epochSeconds: number): string {
  return formatter(undefined, DATE_ONLY).format(toDate(epochSeconds));
}

/** ISO string for `<time dateTime>`. */
export function isoDateTime(epochSeconds: number): string {
  return toDate(epochSeconds).toISOString();
}

/**
 * The text of a moment (as format() writes it), and its clock: the parts without the zone's name, on which two zones
 * showing the same wall clock agree. The text is format()'s own, not the parts joined: V8 writes a plain space before
 * "AM"/"PM" in format() and a narrow one (U+202F) in formatToParts() (dates.test.ts).
 */
function textAndClock(f: Intl.DateTimeFormat, date: Date): { text: string; clock: string } {
  let clock = '';
  for (const part of f.formatToParts(date)) if (part.type !== 'timeZoneName') clock += part.value;
  return { text: f.format(date), clock };
}

/**
 * A moment as formatDateTime (or, `compact`, formatShortDateTime) shows it in `tz` and in `viewer`'s zone, and
 * whether both read the same wall clock (then the viewer's line adds nothing). Only the display's own formatter per
 * zone is made: a first Intl.DateTimeFormat of a zone costs about a millisecond on a cold page, and a list has many.
 */
export function formatInZones(
  epochSeconds: number,
  tz: string | undefined,
  viewer: string,
  compact: boolean,
  nowMs: number = Date.now(),
): { zoned: string; viewer: string; sameClock: boolean } {
  const options = compact
    ? Math.abs(epochSeconds - nowMs / 1000) < HALF_YEAR_S
      ? SHORT_DATE_TIME
      : SHORT_WITH_YEAR
    : DATE_TIME;
  const date = toDate(epochSeconds);
  const zone = isValidTimeZone(tz) ? tz : undefined;
  const zoned = textAndClock(formatter(zone, options), date);
  // The viewer's own zone (or none, which formats in it): the same text, not formatted again.
  if (zone === undefined || zone === viewer) return { zoned: zoned.text, viewer: zoned.text, sameClock: true };
  const mine = textAndClock(formatter(viewer, options), date);
  return { zoned: zoned.text, viewer: mine.text, sameClock: zoned.clock === mine.clock };
}

let relative: Intl.RelativeTimeFormat | undefined;

/** "in 3 days", "2 hours ago": coarse distance from now. */
export function formatRelative(epochSeconds: number, nowMs: number = Date.now()): string {
  const diff = epochSeconds - nowMs / 1000;
  const abs = Math.abs(diff);
  const rtf = (relative ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
  if (abs < 3600) return rtf.format(Math.round(diff / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(diff / 3600), 'hour');
  if (abs < 86400 * 60) return rtf.format(Math.round(diff / 86400), 'day');
  return rtf.format(Math.round(diff / (86400 * 30)), 'month');
}
