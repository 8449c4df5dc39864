import { describe, expect, it } from 'vitest';
import { readSubtitleFile } from './subtitleImport';
import { IMPORT_LIMITS } from './importLimits';
import { SubtitleParseError } from './subtitleParseError';
import { formatEbuStl } from './formats/ebuStl';
import { formatTtml } from './formats/ttml';

const cue = { startMs: 1000, stopMs: 2000, text: 'Hi', position: 'bottom' as const };
const utf8 = (text: string) => new TextEncoder().encode(text);
const TT = '<tt xmlns="http://www.w3.org/ns/ttml"><body><div>';
const END_TT = '</div></body></tt>';

/** What reading throws: a SubtitleParseError, whose message the dialog shows. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (e) {
    expect(e).toBeInstanceOf(SubtitleParseError);
    return (e as Error).message;
  }
  throw new Error('the file was read');
}

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

describe('the broadcast formats', () => {
  it('reads .stl as EBU STL bytes and TTML by extension or by its <tt> root', () => {
    const stl = formatEbuStl([cue], { frameRate: 25 }).bytes;
    expect(readSubtitleFile(stl, 'film.STL')).toEqual({ cues: [cue], skipped: [], format: 'stl' });
    const ttml = utf8(formatTtml([cue], { language: 'en' }));
    for (const name of ['film.ttml', 'film.dfxp', 'film.xml', 'film.txt'])
      expect(readSubtitleFile(ttml, name)).toEqual({ cues: [cue], skipped: [], format: 'ttml' });
    expect(refusal(() => readSubtitleFile(utf8('<tt xmlns="http://www.w3.org/ns/ttml"/>'), 'x'))).toMatch(
      /No subtitles found in this TTML file/,
    );
  });

  it('leaves other files to the SRT/WebVTT reader', () => {
    expect(readSubtitleFile(utf8('1\n00:00:01,000 --> 00:00:02,000\nHi\n'), 'film.srt').format).toBe('srt');
    expect(readSubtitleFile(utf8('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n'), 'film.vtt').format).toBe('vtt');
  });
});

describe('the import reads files within its limits, and refuses others naming the limit', () => {
  it('a file of 10 MB is read; one byte more is refused before it is decoded', () => {
    const srt = utf8('1\n00:00:01,000 --> 00:00:02,000\nHi\n');
    const atLimit = new Uint8Array(IMPORT_LIMITS.bytes).fill(0x20);
    atLimit.set(srt);
    expect(readSubtitleFile(atLimit, 'big.srt').cues).toHaveLength(1);
    const over = new Uint8Array(IMPORT_LIMITS.bytes + 1).fill(0x20);
    over.set(srt);
    for (const name of ['big.srt', 'big.vtt', 'big.ttml', 'big.stl'])
      expect(refusal(() => readSubtitleFile(over, name))).toBe(
        'This file is 10 MB; subtitle files of up to 10 MB can be imported.',
      );
    expect(refusal(() => readSubtitleFile(new Uint8Array(100 * 1024 * 1024), 'huge.srt'))).toBe(
      'This file is 100 MB; subtitle files of up to 10 MB can be imported.',
    );
  });

  const MORE_THAN = 'This file has more than 50,000 subtitles; files of up to 50,000 can be imported.';

  it('SRT and WebVTT: 50,000 subtitles are read, 50,001 refused (blocks that could not be read count too)', () => {
    const srt = (n: number, block = (i: number) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\nx\n`) =>
      utf8(Array.from({ length: n }, (_, i) => block(i)).join('\n'));
    expect(readSubtitleFile(srt(IMPORT_LIMITS.subtitles), 'a.srt').cues).toHaveLength(IMPORT_LIMITS.subtitles);
    expect(refusal(() => readSubtitleFile(srt(IMPORT_LIMITS.subtitles + 1), 'a.srt'))).toBe(MORE_THAN);
    expect(
      refusal(() =>
        readSubtitleFile(
          srt(IMPORT_LIMITS.subtitles + 1, () => 'no timing\n'),
          'a.srt',
        ),
      ),
    ).toBe(MORE_THAN);
    const vtt = utf8(`WEBVTT\n\n${'00:01.000 --> 00:02.000\nx\n\n'.repeat(IMPORT_LIMITS.subtitles + 1)}`);
    expect(refusal(() => readSubtitleFile(vtt, 'a.vtt'))).toBe(MORE_THAN);
  });

  it('TTML and EBU STL: 50,001 subtitles are refused', () => {
    const ttml = utf8(`${TT}${'<p begin="1s" end="2s">x</p>'.repeat(IMPORT_LIMITS.subtitles + 1)}${END_TT}`);
    expect(refusal(() => readSubtitleFile(ttml, 'a.ttml'))).toBe(MORE_THAN);
    const many = Array.from({ length: IMPORT_LIMITS.subtitles + 1 }, (_, i) => ({
      ...cue,
      startMs: i * 10,
      stopMs: i * 10 + 5,
    }));
    const stl = formatEbuStl(many, { frameRate: 25 }).bytes;
    expect(refusal(() => readSubtitleFile(stl, 'a.stl'))).toBe(MORE_THAN);
  });

  it('TTML nested 100 elements deep is read; 10,000 nested spans are refused with the line, not a stack overflow', () => {
    // tt, body, div, p: 96 spans more make 100.
    const nested = (spans: number) =>
      utf8(`${TT}\n<p begin="1s" end="2s">${'<span>'.repeat(spans)}deep${'</span>'.repeat(spans)}</p>${END_TT}`);
    expect(readSubtitleFile(nested(96), 'ok.ttml').cues[0]!.text).toBe('deep');
    expect(refusal(() => readSubtitleFile(nested(97), 'deep.ttml'))).toBe(
      'Line 2: elements nested more than 100 deep; files whose markup nests up to 100 deep can be imported.',
    );
    expect(refusal(() => readSubtitleFile(nested(10_000), 'deep.ttml'))).toMatch(/^Line 2: elements nested more/);
  });

  it('SRT and WebVTT tags nested more than 100 deep are refused with the line where the text starts', () => {
    const srt = (tags: number) =>
      utf8(`1\n00:00:01,000 --> 00:00:02,000\nok\n${'<i>'.repeat(tags)}x${'</i>'.repeat(tags)}\n`);
    expect(readSubtitleFile(srt(100), 'ok.srt').cues).toHaveLength(1);
    expect(refusal(() => readSubtitleFile(srt(101), 'deep.srt'))).toBe(
      'Line 3: tags nested more than 100 deep; files whose markup nests up to 100 deep can be imported.',
    );
    const vtt = utf8(`WEBVTT\n\n00:01.000 --> 00:02.000\n${'<c>'.repeat(10_000)}x\n`);
    expect(refusal(() => readSubtitleFile(vtt, 'deep.vtt'))).toMatch(/^Line 4: tags nested more than 100 deep/);
  });
});
