import { describe, expect, it, vi } from 'vitest';
import {
  formatDateTime,
  formatRelative,
  formatShortDateTime,
  isValidTimeZone,
  formatInZones,
  viewerTimeZone,
} from './dates';

const T = 1_795_000_000; // 2026-11-18T11:06:40Z

describe('dates', () => {
  it('formats in the given zone, and in the viewer zone when the zone is unknown', () => {
    expect(formatDateTime(T, 'Asia/Tokyo')).toMatch(/(20|8):06.*(GMT\+9|JST)/);
    expect(formatDateTime(T, 'Not/AZone')).toBe(formatDateTime(T, undefined));
  });
  it('checks zones and gives the same answer from its cache', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone(undefined)).toBe(false);
  });
  it('drops the year near now and keeps it far away', () => {
    const now = T * 1000;
    expect(formatShortDateTime(T, 'UTC', now)).not.toMatch(/2026/);
    expect(formatShortDateTime(T - 400 * 86400, 'UTC', now)).toMatch(/2025/);
  });
  it('writes the text format() writes, in both zones, compact or not', () => {
    const now = T * 1000;
    for (const [tz, viewer] of [
      ['Europe/Paris', 'Asia/Tokyo'],
      ['America/Sao_Paulo', 'UTC'],
      ['Asia/Kolkata', 'America/Los_Angeles'],
    ] as const) {
      for (const at of [T, T - 400 * 86400]) {
        const compact = formatInZones(at, tz, viewer, true, now);
        expect(compact.zoned).toBe(formatShortDateTime(at, tz, now));
        expect(compact.viewer).toBe(formatShortDateTime(at, viewer, now));
        const full = formatInZones(at, tz, viewer, false, now);
        expect(full.zoned).toBe(formatDateTime(at, tz));
        expect(full.viewer).toBe(formatDateTime(at, viewer));
      }
    }
  });
  it('compares wall clocks of two zones', () => {
    expect(formatInZones(T, 'Europe/Paris', 'Europe/Berlin', true).sameClock).toBe(true);
    expect(formatInZones(T, 'Europe/Paris', 'Asia/Tokyo', true).sameClock).toBe(false);
    expect(formatInZones(T, 'Europe/London', 'UTC', false).sameClock).toBe(true); // winter: GMT is UTC's clock
    expect(formatInZones(T + 180 * 86400, 'Europe/London', 'UTC', false).sameClock).toBe(false); // summer time
  });
  it('shows a moment in two zones as the formatters show it in each', () => {
    const now = T * 1000;
    const { zoned, viewer } = formatInZones(T, 'America/New_York', 'Asia/Tokyo', true, now);
    expect(zoned).toBe(formatShortDateTime(T, 'America/New_York', now));
    expect(viewer).toBe(formatShortDateTime(T, 'Asia/Tokyo', now));
    expect(formatInZones(T, 'America/New_York', 'Asia/Tokyo', false).zoned).toBe(formatDateTime(T, 'America/New_York'));
    expect(formatInZones(T, 'Not/AZone', 'Asia/Tokyo', false).zoned).toBe(formatDateTime(T, undefined));
  });
  it('formats a moment in the viewer’s own zone once, with the same text', () => {
    const now = T * 1000;
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      const both = formatInZones(T, zone, zone, true, now);
      expect(both).toEqual({
        zoned: formatShortDateTime(T, zone, now),
        viewer: formatShortDateTime(T, zone, now),
        sameClock: true,
      });
      expect(formatInZones(T, zone, 'Asia/Tokyo', false).zoned).toBe(formatDateTime(T, zone));
    }
    // An unknown zone is shown in the viewer's: one clock.
    expect(formatInZones(T, 'Not/AZone', 'UTC', true, now)).toMatchObject({ sameClock: true });
  });
  it('says distances in words', () => {
    expect(formatRelative(T - 2 * 86400, T * 1000)).toMatch(/2 days ago/);
    expect(formatRelative(T + 3 * 3600, T * 1000)).toMatch(/in 3 hours/);
  });
  it('knows the viewer zone', () => {
    expect(isValidTimeZone(viewerTimeZone())).toBe(true);
  });
});

describe('prepareDateFormats', () => {
  it('makes the formatter the list’s cells use, so their first date builds no Intl object', async () => {
    vi.resetModules();
    const fresh = await import('./dates');
    const Real = Intl.DateTimeFormat;
    let made = 0;
    // Counts the formatters made (with or without `new`, as Intl allows), each a real one.
    const counting = function (...args: ConstructorParameters<typeof Real>) {
      made++;
      return new Real(...args);
    } as unknown as typeof Real;
    Intl.DateTimeFormat = counting;
    try {
      const now = T * 1000;
      fresh.prepareDateFormats(now);
      expect(made).toBeGreaterThan(0);
      made = 0;
      fresh.formatShortDateTime(T + 3600, fresh.viewerTimeZone(now), now);
      expect(made).toBe(0);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});
