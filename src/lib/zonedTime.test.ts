import { describe, expect, it } from 'vitest';
import { epochOfWallClock, knownTimeZones, wallClockAt } from './zonedTime';

describe('zoned wall clocks', () => {
  it('reads a wall clock in a zone as the instant it names', () => {
    // 18:00 in Paris on 24 Nov 2026 (UTC+1) is 17:00 UTC.
    expect(epochOfWallClock({ date: '2026-11-24', time: '18:00' }, 'Europe/Paris')).toBe(
      Date.UTC(2026, 10, 24, 17, 0) / 1000,
    );
    // Summer time: 09:30 in Los Angeles on 1 Jul 2026 (UTC-7) is 16:30 UTC.
    expect(epochOfWallClock({ date: '2026-07-01', time: '09:30' }, 'America/Los_Angeles')).toBe(
      Date.UTC(2026, 6, 1, 16, 30) / 1000,
    );
    expect(epochOfWallClock({ date: '2026-07-01', time: '09:30' }, 'UTC')).toBe(Date.UTC(2026, 6, 1, 9, 30) / 1000);
  });

  it('takes the offset in force on either side of a daylight-saving change', () => {
    // Paris changes to summer time on 29 Mar 2026 at 02:00 local (01:00 UTC).
    expect(epochOfWallClock({ date: '2026-03-29', time: '01:30' }, 'Europe/Paris')).toBe(
      Date.UTC(2026, 2, 29, 0, 30) / 1000,
    );
    expect(epochOfWallClock({ date: '2026-03-29', time: '03:30' }, 'Europe/Paris')).toBe(
      Date.UTC(2026, 2, 29, 1, 30) / 1000,
    );
  });

  it('round-trips through wallClockAt', () => {
    const epoch = epochOfWallClock({ date: '2027-01-05', time: '23:45' }, 'Asia/Tokyo')!;
    expect(wallClockAt(epoch * 1000, 'Asia/Tokyo')).toEqual({ date: '2027-01-05', time: '23:45' });
  });

  it('refuses dates and times that do not exist', () => {
    expect(epochOfWallClock({ date: '2026-02-30', time: '10:00' }, 'UTC')).toBeUndefined();
    expect(epochOfWallClock({ date: '', time: '10:00' }, 'UTC')).toBeUndefined();
    expect(epochOfWallClock({ date: '2026-02-03', time: '24:10' }, 'UTC')).toBeUndefined();
  });

  it('lists IANA zones with UTC', () => {
    expect(knownTimeZones()).toContain('Europe/Paris');
    expect(knownTimeZones()).toContain('UTC');
  });
});
