import { describe, expect, it } from 'vitest';
import { addDays, calendarDay, calendarWeeks, dateIn, nextDaysRange, startOfDay, weekdayOf } from './calendarDays';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('calendar days in a time zone', () => {
  it('reads the date of a moment in the zone, not in UTC', () => {
    // 2026-03-01 23:30 UTC is already 2 March in Paris and still 1 March in Los Angeles.
    expect(dateIn(at('2026-03-01T23:30:00Z'), 'Europe/Paris')).toEqual({ year: 2026, month: 3, day: 2 });
    expect(dateIn(at('2026-03-01T23:30:00Z'), 'America/Los_Angeles')).toEqual({ year: 2026, month: 3, day: 1 });
  });

  it('starts a day at local midnight', () => {
    expect(startOfDay({ year: 2026, month: 1, day: 15 }, 'UTC')).toBe(at('2026-01-15T00:00:00Z'));
    expect(startOfDay({ year: 2026, month: 1, day: 15 }, 'Europe/Paris')).toBe(at('2026-01-14T23:00:00Z'));
    expect(startOfDay({ year: 2026, month: 7, day: 15 }, 'Europe/Paris')).toBe(at('2026-07-14T22:00:00Z'));
    expect(startOfDay({ year: 2026, month: 1, day: 15 }, 'Asia/Kolkata')).toBe(at('2026-01-14T18:30:00Z'));
    expect(startOfDay({ year: 2026, month: 1, day: 15 }, 'Pacific/Kiritimati')).toBe(at('2026-01-14T10:00:00Z'));
    expect(startOfDay({ year: 2026, month: 1, day: 15 }, 'Pacific/Pago_Pago')).toBe(at('2026-01-15T11:00:00Z'));
  });

  it('makes DST days 23 and 25 hours long', () => {
    const spring = calendarDay({ year: 2026, month: 3, day: 29 }, 'Europe/Paris');
    expect(spring.to - spring.from).toBe(23 * 3600);
    const autumn = calendarDay({ year: 2026, month: 10, day: 25 }, 'Europe/Paris');
    expect(autumn.to - autumn.from).toBe(25 * 3600);
    const usSpring = calendarDay({ year: 2026, month: 3, day: 8 }, 'America/New_York');
    expect(usSpring).toMatchObject({
      key: '2026-03-08',
      from: at('2026-03-08T05:00:00Z'),
      to: at('2026-03-09T04:00:00Z'),
    });
  });

  it('starts a day whose midnight does not exist at its first moment', () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2024-09-08: the day begins at 01:00 local (04:00 UTC).
    expect(startOfDay({ year: 2024, month: 9, day: 8 }, 'America/Santiago')).toBe(at('2024-09-08T04:00:00Z'));
  });

  it('counts days across months, years and leap days', () => {
    expect(addDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2025, month: 12, day: 31 }, 1)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(addDays({ year: 2026, month: 1, day: 1 }, -1)).toEqual({ year: 2025, month: 12, day: 31 });
    expect(weekdayOf({ year: 2026, month: 11, day: 23 })).toBe(1); // a Monday
    expect(weekdayOf({ year: 2026, month: 11, day: 29 })).toBe(7);
  });

  it('lays out whole weeks from the Monday of this week, in the zone', () => {
    // Sunday 2026-11-29 23:30 in Los Angeles is Monday 30 November in UTC: the weeks follow the viewer's zone.
    const now = at('2026-11-30T07:30:00Z');
    const la = calendarWeeks(now, 'America/Los_Angeles', 5);
    expect(la).toHaveLength(5);
    expect(la[0]![0]!.key).toBe('2026-11-23');
    expect(la[0]![6]!.key).toBe('2026-11-29');
    expect(la[4]![6]!.key).toBe('2026-12-27');
    expect(calendarWeeks(now, 'UTC', 1)[0]![0]!.key).toBe('2026-11-30');
    // The days tile: each day's end is the next one's start.
    const days = la.flat();
    for (let i = 1; i < days.length; i++) expect(days[i]!.from).toBe(days[i - 1]!.to);
    expect(days.map((d) => d.weekday).slice(0, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('says "the next 7 days" as now to the end of the seventh day after today', () => {
    const now = at('2026-03-25T10:00:00Z'); // Wednesday; Paris changes to summer time on Sunday the 29th
    const range = nextDaysRange(now, 'Europe/Paris');
    expect(range.from).toBe(now);
    expect(range.to).toBe(at('2026-04-01T22:00:00Z')); // 2 April 00:00 in Paris, summer time
  });

  it('pages by whole weeks, later and earlier', () => {
    const now = Date.UTC(2026, 11, 2, 12) / 1000; // Wednesday 2 December 2026
    expect(calendarWeeks(now, 'UTC', 5, 5)[0]![0]!.key).toBe('2027-01-04');
    expect(calendarWeeks(now, 'UTC', 5, -5)[0]![0]!.key).toBe('2026-10-26');
    expect(calendarWeeks(now, 'UTC', 5, 5).flat()).toHaveLength(35);
  });
});
