import { describe, expect, it } from 'vitest';
import { openNoteChoices } from './openNotes';

describe('openNoteChoices', () => {
  it('keeps the open notes on lines, by line then time, worded with their line', () => {
    expect(
      openNoteChoices([
        { _id: 'c', body: 'A plain comment' },
        { _id: 'b', translation: 't', line: 7, time: 2, body: 'Typo' },
        { _id: 'a', translation: 't', line: 3, time: 9, body: 'Too long' },
        { _id: 'r', translation: 't', line: 1, time: 1, body: 'Done', resolution: { reply: 'Fixed' } },
        { _id: 'd', translation: 't', line: 3, time: 1, body: 'Early' },
      ]),
    ).toEqual([
      { id: 'd', label: 'Line 3: Early' },
      { id: 'a', label: 'Line 3: Too long' },
      { id: 'b', label: 'Line 7: Typo' },
    ]);
  });
});
