import { describe, expect, it } from 'vitest';
import {
  formatTimecode,
  frameMs,
  statedFrameRate,
  moveTiming,
  nudge,
  parseTimecode,
  placeEdge,
  snapToFrame,
  validateTiming,
} from './timecode';

describe('timecode', () => {
  it('parses HH:MM:SS,mmm and the dotted form', () => {
    expect(parseTimecode('00:00:01,500')).toBe(1500);
    expect(parseTimecode('01:02:03,004')).toBe(3_723_004);
    expect(parseTimecode('00:00:01.250')).toBe(1250);
    expect(parseTimecode('100:00:00,000')).toBe(360_000_000);
  });

  it('rejects malformed timecodes', () => {
    for (const bad of ['', '0:00:01,500', '00:60:00,000', '00:00:61,000', '00:00:01,50', 'abc', '00:00:01']) {
      expect(parseTimecode(bad), bad).toBeUndefined();
    }
  });

  it('formats and round-trips', () => {
    expect(formatTimecode(0)).toBe('00:00:00,000');
    expect(formatTimecode(3_723_004)).toBe('01:02:03,004');
    expect(formatTimecode(-5)).toBe('00:00:00,000');
    expect(formatTimecode(1500.6)).toBe('00:00:01,501');
    expect(formatTimecode(1500, '.')).toBe('00:00:01.500');
    expect(parseTimecode(formatTimecode(98_765_432))).toBe(98_765_432);
  });

  it('knows the frame length and reads an asset frame rate', () => {
    expect(frameMs(24)).toBeCloseTo(41.667, 2);
    expect(frameMs(0)).toBeCloseTo(41.667, 2);
    expect(frameMs(29.97)).toBeCloseTo(33.367, 3);
    expect(statedFrameRate(undefined)).toBeUndefined();
    expect(statedFrameRate({ frameRate: 25 })).toBe(25);
    expect(statedFrameRate({ fps: '29.97' })).toBeCloseTo(29.97);
    // What the record states, without the default (the STL export says when it is not known).
    expect(statedFrameRate({ fps: 'x' })).toBeUndefined();
    expect(statedFrameRate({ framerate: 50 })).toBe(50);
  });

  it('validates a typed pair', () => {
    expect(validateTiming('00:00:01,000', '00:00:02,000')).toEqual({
      ok: true,
      timing: { startMs: 1000, stopMs: 2000 },
    });
    expect(validateTiming('00:00:02,000', '00:00:01,000')).toEqual({ ok: false, problem: 'stop-before-start' });
    expect(validateTiming('x', '00:00:01,000')).toEqual({ ok: false, problem: 'malformed' });
  });
});

describe('nudge', () => {
  const line = { startMs: 10_000, stopMs: 12_000 };
  it('moves an edge by one frame at 24 fps', () => {
    expect(nudge(line, 'start', 1, 24, undefined, undefined)).toEqual({ startMs: 10_042, stopMs: 12_000 });
    expect(nudge(line, 'start', -1, 24, undefined, undefined)).toEqual({ startMs: 9_958, stopMs: 12_000 });
    expect(nudge(line, 'stop', 1, 25, undefined, undefined)).toEqual({ startMs: 10_000, stopMs: 12_040 });
  });

  it('never collides with the neighbours', () => {
    const previous = { startMs: 8_000, stopMs: 9_980 };
    const next = { startMs: 12_010, stopMs: 13_000 };
    expect(nudge(line, 'start', -1, 24, previous, next)).toEqual({ startMs: 9_980, stopMs: 12_000 });
    expect(nudge({ startMs: 9_980, stopMs: 12_000 }, 'start', -1, 24, previous, next)).toBeUndefined();
    expect(nudge(line, 'stop', 1, 24, previous, next)).toEqual({ startMs: 10_000, stopMs: 12_010 });
    expect(nudge({ startMs: 10_000, stopMs: 12_010 }, 'stop', 1, 24, previous, next)).toBeUndefined();
  });

  it('keeps at least one frame of length', () => {
    const short = { startMs: 1000, stopMs: 1042 };
    expect(nudge(short, 'stop', -1, 24, undefined, undefined)).toBeUndefined();
    expect(nudge(short, 'start', 1, 24, undefined, undefined)).toBeUndefined();
    expect(nudge({ startMs: 20, stopMs: 1000 }, 'start', -1, 24, undefined, undefined)).toEqual({
      startMs: 0,
      stopMs: 1000,
    });
  });
});

describe('placing edges and moving lines', () => {
  const previous = { startMs: 0, stopMs: 1000 };
  const next = { startMs: 5000, stopMs: 6000 };
  const line = { startMs: 2000, stopMs: 4000 };

  it('snaps to frame boundaries', () => {
    expect(snapToFrame(1030, 24)).toBe(1042);
    expect(snapToFrame(1000, 24)).toBe(1000);
    expect(snapToFrame(1019, 25)).toBe(1000);
    expect(snapToFrame(-30, 24)).toBe(0);
  });

  it('places an edge between the neighbours and keeps one frame', () => {
    expect(placeEdge(line, 'start', 500, 24, previous, next)).toEqual({ startMs: 1000, stopMs: 4000 });
    expect(placeEdge(line, 'stop', 7000, 24, previous, next)).toEqual({ startMs: 2000, stopMs: 5000 });
    expect(placeEdge(line, 'start', 4500, 24, previous, next)).toEqual({ startMs: 3958, stopMs: 4000 });
    expect(placeEdge(line, 'stop', 4000, 24, previous, next)).toBeUndefined();
  });

  it('moves a line with its length, against a neighbour, and refuses when it does not fit', () => {
    expect(moveTiming(line, 2500, previous, next)).toEqual({ startMs: 2500, stopMs: 4500 });
    expect(moveTiming(line, 4000, previous, next)).toEqual({ startMs: 3000, stopMs: 5000 });
    expect(moveTiming(line, 100, previous, next)).toEqual({ startMs: 1000, stopMs: 3000 });
    expect(moveTiming({ startMs: 2000, stopMs: 6500 }, 2500, previous, next)).toBeUndefined();
  });
});
