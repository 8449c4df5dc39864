import { describe, expect, it } from 'vitest';
import { countWords, describeEstimate, estimateOf, transcriptionsToTranslate } from './estimate';

describe('the order estimate', () => {
  it('counts words as a reader does', () => {
    expect(countWords('Where were you — last night?')).toBe(5);
    expect(countWords('  ')).toBe(0);
    expect(countWords('l’homme est là')).toBe(3);
    expect(countWords('昨夜はどこに')).toBe(6);
  });

  it('sums the tracks’ lines and words and paces the translation', () => {
    const dialogue = [
      { text: 'One two three', startTime: '00:00:01,000', stopTime: '00:00:03,000' },
      { text: 'four five', startTime: '00:02:04,000', stopTime: '00:02:06,500' },
    ];
    const graphics = [{ text: 'TITLE CARD' }];
    const e = estimateOf([dialogue, graphics]);
    expect(e).toEqual({ lines: 3, words: 7, span: 125.5, hours: 0.5 });
    expect(describeEstimate(e)).toBe('3 lines, 7 words over 2:06 · about 0.5 h of translation · 150.00 USD');
  });

  it('prices the lines as the server will (6.50 USD a line)', () => {
    const lines = Array.from({ length: 312 }, () => ({ text: 'a b' }));
    expect(describeEstimate(estimateOf([lines]))).toBe('312 lines, 624 words · about 2 h of translation · 2028.00 USD');
  });

  it('rounds up to the half hour', () => {
    const line = { text: Array.from({ length: 401 }, () => 'w').join(' ') };
    expect(estimateOf([[line]]).hours).toBe(1.5);
    expect(estimateOf([[{ text: Array.from({ length: 2480 }, () => 'w').join(' ') }]]).hours).toBe(6.5);
  });

  it('says when there is nothing to translate', () => {
    expect(describeEstimate(estimateOf([]))).toBe('0 lines, 0 words · nothing to translate · 150.00 USD');
  });
});

describe('the tracks an order translates', () => {
  const transcription = { dialogue: 'd1', graphics: 'g1' };
  it('are the dialogue for dialogue or narration, the graphics for graphics', () => {
    expect(transcriptionsToTranslate(transcription, { dialogue: ['subtitles'], narration: [], graphics: [] })).toEqual([
      'd1',
    ]);
    expect(transcriptionsToTranslate(transcription, { dialogue: [], narration: ['voice-over'], graphics: [] })).toEqual(
      ['d1'],
    );
    expect(
      transcriptionsToTranslate(transcription, { dialogue: ['dub'], narration: [], graphics: ['textless'] }),
    ).toEqual(['d1', 'g1']);
    expect(transcriptionsToTranslate({ graphics: 'g1' }, { dialogue: ['dub'], narration: [], graphics: [] })).toEqual(
      [],
    );
  });
});
