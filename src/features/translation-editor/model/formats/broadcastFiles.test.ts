import { describe, expect, it } from 'vitest';
import { deliverableCues, readBroadcastFile } from './broadcastFiles';
import { formatEbuStl } from './ebuStl';
import { formatTtml } from './ttml';

const cue = { startMs: 1000, stopMs: 2000, text: 'Hi', position: 'bottom' as const };

describe('readBroadcastFile', () => {
  it('reads .stl as EBU STL bytes and TTML by extension or by its <tt> root', async () => {
    const stl = formatEbuStl([cue], { frameRate: 25 }).bytes;
    expect((await readBroadcastFile(new File([stl], 'film.STL')))?.cues).toEqual([cue]);
    const ttml = formatTtml([cue], { language: 'en' });
    for (const name of ['film.ttml', 'film.dfxp', 'film.xml', 'film.txt'])
      expect((await readBroadcastFile(new File([ttml], name)))?.cues).toEqual([cue]);
    await expect(readBroadcastFile(new File(['<tt xmlns="http://www.w3.org/ns/ttml"/>'], 'x'))).rejects.toThrow(
      /No subtitles found in this TTML file/,
    );
  });

  it('leaves other files to the SRT/WebVTT reader', async () => {
    expect(await readBroadcastFile(new File(['1\n00:00:01,000 --> 00:00:02,000\nHi\n'], 'film.srt'))).toBeUndefined();
    expect(await readBroadcastFile(new File(['WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n'], 'film.vtt'))).toBeUndefined();
  });
});

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
