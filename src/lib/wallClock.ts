/**
 * A moment as the wall clock of a time zone shows it (`YYYY-MM-DDTHH:mm`, a datetime-local input's value) and back:
 * how a form edits a work request's `{date, tz}` in the order's own zone, whatever the viewer's zone is.
 */
import { isValidTimeZone } from './dates';

const PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(epochSeconds: number, tz: string): Record<string, number> {
  let f = formats.get(tz);
  if (!f) formats.set(tz, (f = new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone: tz })));
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(epochSeconds * 1000)))
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

const pad = (n: number | undefined, width = 2) => String(n ?? 0).padStart(width, '0');

/** `2026-12-12T17:00` for the moment in `tz` (the viewer's zone when `tz` is unknown). */
export function toWallClock(epochSeconds: number, tz: string | undefined): string {
  const zone = isValidTimeZone(tz) ? tz : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const p = partsIn(epochSeconds, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The epoch seconds at which `tz`'s wall clock shows `value` (`YYYY-MM-DDTHH:mm`), or undefined for a malformed
 * value or an unknown zone. A time skipped by a clock change is read with the offset before it.
 */
export function fromWallClock(value: string, tz: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m || !isValidTimeZone(tz)) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute) / 1000;
  if (new Date(asUtc * 1000).getUTCDate() !== day) return undefined;
  const offsetAt = (t: number) => {
    const p = partsIn(t, tz);
    return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute) / 1000 - Math.floor(t / 60) * 60;
  };
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  return toWallClock(first, tz) === value ? first : second;
}
