import { describe, expect, it } from 'vitest';
import { fromWallClock, toWallClock } from './wallClock';

describe('wall clock in a time zone', () => {
  it('reads and writes a moment in the zone given, whatever the viewer’s', () => {
    const t = Date.UTC(2026, 11, 12, 16, 0) / 1000; // 17:00 in Paris (CET, +1)
    expect(toWallClock(t, 'Europe/Paris')).toBe('2026-12-12T17:00');
    expect(toWallClock(t, 'America/Los_Angeles')).toBe('2026-12-12T08:00');
    expect(fromWallClock('2026-12-12T17:00', 'Europe/Paris')).toBe(t);
    expect(fromWallClock('2026-07-01T09:30', 'Asia/Tokyo')).toBe(Date.UTC(2026, 6, 1, 0, 30) / 1000);
  });

  it('follows summer time and refuses what is not a time', () => {
    expect(fromWallClock('2026-07-12T17:00', 'Europe/Paris')).toBe(Date.UTC(2026, 6, 12, 15, 0) / 1000);
    // 02:30 does not exist in Paris on 29 March 2026: the instant an hour later (03:30 CEST).
    expect(fromWallClock('2026-03-29T02:30', 'Europe/Paris')).toBe(Date.UTC(2026, 2, 29, 1, 30) / 1000);
    expect(fromWallClock('2026-02-30T10:00', 'UTC')).toBeUndefined();
    expect(fromWallClock('tomorrow', 'UTC')).toBeUndefined();
    expect(fromWallClock('2026-02-10T10:00', 'Mars/Olympus')).toBeUndefined();
  });
});
