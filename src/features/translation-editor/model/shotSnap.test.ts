import { describe, expect, it } from 'vitest';
import { nearestShot, shotAhead } from './shotSnap';

const shots = [2000, 4000, 4080];

describe('snapping to shot changes', () => {
  it('pulls a dropped edge onto the nearest shot change within reach', () => {
    expect(nearestShot(2100, shots, 120)).toBe(2000);
    expect(nearestShot(1890, shots, 120)).toBe(2000);
    expect(nearestShot(2200, shots, 120)).toBeUndefined();
    expect(nearestShot(4050, shots, 120)).toBe(4080);
    expect(nearestShot(0, [], 120)).toBeUndefined();
  });

  it('lets a nudge toward a shot change jump onto it, and one away move as asked', () => {
    // 40 ms frames, 3 frames of reach.
    expect(shotAhead(1880, 1920, shots, 120)).toBe(2000);
    expect(shotAhead(1800, 1840, shots, 120)).toBeUndefined();
    expect(shotAhead(2000, 2040, shots, 120)).toBeUndefined();
    expect(shotAhead(2000, 1960, shots, 120)).toBeUndefined();
    expect(shotAhead(2120, 2080, shots, 120)).toBe(2000);
    expect(shotAhead(4000, 4040, shots, 120)).toBe(4080);
    expect(shotAhead(4000, 4000, shots, 120)).toBeUndefined();
  });
});
