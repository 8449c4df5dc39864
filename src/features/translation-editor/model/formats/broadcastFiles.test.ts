import { describe, expect, it } from 'vitest';
import { deliverableCues } from './broadcastFiles';

describe('deliverableCues', () => {
  it('keeps the timed lines with text, with their line numbers', () => {
    const lines = [
      { startTime: '00:00:01,000', stopTime: '00:00:02,000', text: 'One' },
      { startTime: '00:00:02,000', stopTime: '00:00:03,000', text: '  ' },
      { text: 'untimed' },
      { startTime: '00:00:04,000', stopTime: '00:00:05,000', text: '<i>Four</i>', alignment: 'top' },
    ];
    expect(deliverableCues(lines)).toEqual({
      cues: [
        { startMs: 1000, stopMs: 2000, text: 'One', position: 'bottom' },
        { startMs: 4000, stopMs: 5000, text: '<i>Four</i>', position: 'top' },
      ],
      lineNumbers: [1, 4],
    });
  });
});
