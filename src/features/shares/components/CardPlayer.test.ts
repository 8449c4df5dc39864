import { describe, expect, it } from 'vitest';
import { playableOf } from './CardPlayer';

describe('playableOf', () => {
  it('plays the first preview that has media, skipping those without an id or media', () => {
    const media = { mime: 'video/mp4' };
    expect(
      playableOf([
        { _id: 'p1', label: 'no media' },
        { label: 'no id', media },
        { _id: 'p3', media },
        { _id: 'p4', media },
      ])?._id,
    ).toBe('p3');
  });

  it('is undefined when nothing can be played', () => {
    expect(playableOf([{ _id: 'p1' }])).toBeUndefined();
  });
});
