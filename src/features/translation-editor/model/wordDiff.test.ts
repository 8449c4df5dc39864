import { describe, expect, it } from 'vitest';
import { wordDiff } from './wordDiff';

describe('word diff of a similar match', () => {
  it('marks the words only in the remembered original as removed, only in this one as added', () => {
    expect(wordDiff('We have to leave before the storm hits.', 'We have to leave before the rain hits.')).toEqual([
      { kind: 'same', text: 'We have to leave before the ' },
      { kind: 'removed', text: 'storm ' },
      { kind: 'added', text: 'rain ' },
      { kind: 'same', text: 'hits.' },
    ]);
  });

  it('gives both texts back: the same and added parts make this line, the same and removed the remembered one', () => {
    const from = 'Run, now!\nThey are  here.';
    const to = 'Now run!\nThey are here, all of them.';
    const parts = wordDiff(from, to);
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(to);
    expect(wordDiff(from, from)).toEqual([{ kind: 'same', text: from }]);
    expect(wordDiff('', 'New')).toEqual([{ kind: 'added', text: 'New' }]);
  });
});
