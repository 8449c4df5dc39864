/**
 * Calendar days in a time zone, as ranges of epoch seconds: where a day starts and ends in the viewer's zone (23 or
 * 25 hours across a DST change; a day whose midnight does not exist starts at its first moment), the weeks of the
 * dashboard's calendar (Monday first) and the ranges of its tiles. Pure: the caller passes the time.
 */

/** A calendar date, month 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface CalendarDay {
  /** `YYYY-MM-DD` in the zone. */
  key: string;
  date: CalendarDate;
  /** The day's first second (inclusive) and the next day's (exclusive): a `dueFrom` / `dueTo` pair. */
  from: number;
  to: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** The calendar date in `timeZone` at a moment (epoch seconds). */
export function dateIn(epochSeconds: number, timeZone: string): CalendarDate {
  const parts = partsFormatter(timeZone).formatToParts(new Date(epochSeconds * 1000));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

function ordinal(d: CalendarDate): number {
  return Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
}

/** The date `n` days after `d` (before, when negative). */
export function addDays(d: CalendarDate, n: number): CalendarDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** 1 Monday … 7 Sunday. */
export function weekdayOf(d: CalendarDate): number {
  return ((new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7) + 1;
}

export function dateKey(d: CalendarDate): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/**
 * The first second of date `d` in `timeZone`: the earliest moment whose date there is `d` (zone offsets lie within
 * −12 h and +14 h, so it is searched in a window an hour wider each side; the date never decreases as time passes).
 */
export function startOfDay(d: CalendarDate, timeZone: string): number {
  const target = ordinal(d);
  const utcMidnight = target * 86_400;
  let low = utcMidnight - 15 * 3600; // not yet date d anywhere
  let high = utcMidnight + 13 * 3600; // date d (or later) everywhere
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (ordinal(dateIn(mid, timeZone)) >= target) high = mid;
    else low = mid;
  }
  return high;
}

export function calendarDay(d: CalendarDate, timeZone: string): CalendarDay {
  return {
    key: dateKey(d),
    date: d,
    from: startOfDay(d, timeZone),
    to: startOfDay(addDays(d, 1), timeZone),
    weekday: weekdayOf(d),
  };
}

/**
 * `weeks` whole weeks, Monday to Sunday, the first holding the day of `now` in `timeZone` — or, with `fromWeek`,
 * starting that many weeks later (earlier when negative): the calendar's pages.
 */
export function calendarWeeks(nowSeconds: number, timeZone: string, weeks: number, fromWeek = 0): CalendarDay[][] {
  const today = dateIn(nowSeconds, timeZone);
  const monday = addDays(today, 1 - weekdayOf(today) + fromWeek * 7);
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, i) => calendarDay(addDays(monday, w * 7 + i), timeZone)),
  );
}

/** The boundaries of consecutive days: each day's start, then the last one's end (n + 1 moments for n days). */
export function dayBounds(days: readonly Pick<CalendarDay, 'from' | 'to'>[]): number[] {
  return days.length === 0 ? [] : [days[0]!.from, ...days.map((d) => d.to)];
}

/**
 * The dashboard's "due in the next 7 days": from now to the end of the seventh day after today in `timeZone`
 * (today and seven whole days, so the range ends where a calendar cell does).
 */
export function nextDaysRange(nowSeconds: number, timeZone: string, days = 7): { from: number; to: number } {
  return { from: nowSeconds, to: startOfDay(addDays(dateIn(nowSeconds, timeZone), days + 1), timeZone) };
}
