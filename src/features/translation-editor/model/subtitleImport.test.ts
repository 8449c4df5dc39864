import { describe, expect, it } from 'vitest';
import { readSubtitleFile } from './subtitleImport';

/** "Привет" in windows-1251, in an SRT. */
const CP1251 = Uint8Array.from([
  ...new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\n'),
  0xcf,
  0xf0,
  0xe8,
  0xe2,
  0xe5,
  0xf2,
  0x0a,
]);

describe('reading a subtitle file from its bytes', () => {
  it('detects the encoding, and reads again in the one the translator picks', () => {
    const detected = readSubtitleFile(CP1251, 'film.srt');
    expect(detected).toMatchObject({ encoding: 'windows-1251', encodingBy: 'guessed', format: 'srt' });
    expect(detected.cues[0]!.text).toBe('Привет');
    const chosen = readSubtitleFile(CP1251, 'film.srt', 'windows-1252');
    expect(chosen).toMatchObject({ encoding: 'windows-1252', encodingBy: 'chosen' });
    expect(chosen.cues[0]!.text).toBe('Ïðèâåò');
  });

  it('takes the format from the content, then the name, and never throws for content without cues', () => {
    expect(readSubtitleFile(new TextEncoder().encode('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n'), 'x.srt').format).toBe(
      'vtt',
    );
    const nothing = readSubtitleFile(new TextEncoder().encode('just text\n'), 'notes.vtt');
    expect(nothing).toMatchObject({ format: 'vtt', cues: [] });
    expect(nothing.skipped).toEqual([
      { line: 1, reason: 'no "WEBVTT" first row' },
      { line: 1, reason: 'no timing (“just text”)' },
    ]);
  });
});
