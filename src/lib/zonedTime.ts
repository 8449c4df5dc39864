/**
 * Wall-clock times in a named time zone, as a form asks for them ("24 Nov 2026, 18:00, Europe/Paris"), to and
 * from the interface's epoch seconds. Intl knows every zone's offset at a given instant; the wall clock of a zone
 * is found by correcting a first guess by that offset (twice, so a time next to a daylight-saving change lands on
 * the offset in force at the result).
 */
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(tz: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(tz, f);
  }
  return f;
}

export interface WallClock {
  /** `YYYY-MM-DD`, as `<input type="date">` gives it. */
  date: string;
  /** `HH:MM` (24 h), as `<input type="time">` gives it. */
  time: string;
}

/** The wall clock of `tz` at an instant (epoch milliseconds). */
export function wallClockAt(epochMs: number, tz: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of partsFormatter(tz).formatToParts(new Date(epochMs))) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** How far `tz`'s wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(epochMs: number, tz: string): number {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(tz).formatToParts(new Date(epochMs))) parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/**
 * Epoch seconds of a wall-clock time in `tz`; undefined when the date or time is not a real one. A time skipped by
 * a daylight-saving change (02:30 on a spring-forward night) becomes the instant an hour later.
 */
export function epochOfWallClock({ date, time }: WallClock, tz: string): number | undefined {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return undefined;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return undefined;
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(guess);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  const first = guess - offsetAt(guess, tz);
  const second = guess - offsetAt(first, tz);
  return Math.round(second / 1000);
}

let zones: string[] | undefined;

/** The IANA zone names this browser knows (always with UTC), for a picker. */
export function knownTimeZones(): string[] {
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return zones;
}
