import { describe, expect, it } from 'vitest';
import {
  cleanCueText,
  detectFormat,
  formatSrt,
  formatVtt,
  parseSubtitles,
  parseSubtitleText,
  SubtitleParseError,
} from './subtitleFiles';

const SRT = `1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i>\r\nworld\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n{\\an8}<font color="red">Top</font> &amp; more\r\n\r\n3\r\n00:00:05,000 --> 00:00:06,000\r\n\r\n`;

const VTT = `WEBVTT - a title

NOTE this is a comment
with --> an arrow inside

STYLE
::cue { color: red }

intro
00:01.000 --> 00:02.500 align:start position:10%
<v Anna>Hi <b>there</b></v>

00:00:03.000 --> 00:00:04.000 line:0
<c.yellow>Up top</c> 1 &lt; 2
`;

describe('SRT / WebVTT reading', () => {
  it('reads SRT with CRLF, tags, {\\an8} and an empty cue', () => {
    const cues = parseSubtitles(SRT);
    expect(cues).toHaveLength(3);
    expect(cues[0]).toEqual({ startMs: 1000, stopMs: 2500, text: '<i>Hello</i>\nworld', position: 'bottom' });
    expect(cues[1]).toEqual({ startMs: 3000, stopMs: 4000, text: 'Top & more', position: 'top' });
    expect(cues[2]!.text).toBe('');
  });

  it('reads WebVTT: header, NOTE/STYLE blocks, ids, cue settings, short timestamps', () => {
    const cues = parseSubtitles(VTT);
    expect(cues).toHaveLength(2);
    expect(cues[0]).toEqual({ startMs: 1000, stopMs: 2500, text: 'Hi <b>there</b>', position: 'bottom' });
    expect(cues[1]).toEqual({ startMs: 3000, stopMs: 4000, text: 'Up top 1 < 2', position: 'top' });
  });

  it('fails clearly on a file without cues', () => {
    expect(() => parseSubtitles('just text')).toThrow(SubtitleParseError);
  });

  it('detects the format', () => {
    expect(detectFormat(VTT)).toBe('vtt');
    expect(detectFormat(SRT)).toBe('srt');
    expect(detectFormat('', 'x.VTT')).toBe('vtt');
  });

  it('keeps only b/i/u without attributes', () => {
    expect(cleanCueText('<b class="x">a</b><script>x</script><U>u</U>')).toBe('<b>a</b>x<u>u</u>');
  });
});

describe('SRT / WebVTT writing', () => {
  const cues = [
    { startMs: 1000, stopMs: 2500, text: '<i>Hello</i><br>world', position: 'bottom' as const },
    { startMs: 3_723_004, stopMs: 3_724_000, text: 'A & B <3', position: 'top' as const },
  ];

  it('writes SRT that reads back the same', () => {
    const srt = formatSrt(cues);
    expect(srt).toContain('1\n00:00:01,000 --> 00:00:02,500\n<i>Hello</i>\nworld\n');
    expect(srt).toContain('{\\an8}A & B <3');
    const back = parseSubtitles(srt);
    expect(back.map((c) => [c.startMs, c.stopMs, c.position])).toEqual([
      [1000, 2500, 'bottom'],
      [3_723_004, 3_724_000, 'top'],
    ]);
    expect(back[0]!.text).toBe('<i>Hello</i>\nworld');
  });

  it('writes WebVTT with escaping and line:0 for top', () => {
    const vtt = formatVtt(cues);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('01:02:03.004 --> 01:02:04.000 line:0\nA &amp; B &lt;3');
    const back = parseSubtitles(vtt);
    expect(back[1]).toEqual({ startMs: 3_723_004, stopMs: 3_724_000, text: 'A & B <3', position: 'top' });
  });

  it('never writes a blank row inside a cue', () => {
    expect(formatSrt([{ startMs: 0, stopMs: 1000, text: 'a\n\nb', position: 'bottom' }])).toContain('a\nb\n');
  });
});

describe('real-world files (each failure measured there)', () => {
  const srt = (...blocks: string[]) => blocks.join('\n');

  it('keeps a cue that follows whitespace-only rows', () => {
    const cues = parseSubtitles(
      srt('1', '00:00:01,000 --> 00:00:02,000', 'A', ' ', ' ', '2', '00:00:03,000 --> 00:00:04,000', 'B'),
    );
    expect(cues.map((c) => c.text)).toEqual(['A', 'B']);
  });

  it('starts a new cue at a timing row with no blank row before it (SRT with its number, WebVTT without)', () => {
    const s = parseSubtitles(srt('1', '00:00:01,000 --> 00:00:02,000', 'A', '2', '00:00:03,000 --> 00:00:04,000', 'B'));
    expect(s.map((c) => [c.text, c.startMs])).toEqual([
      ['A', 1000],
      ['B', 3000],
    ]);
    const v = parseSubtitles('WEBVTT\n\n00:01.000 --> 00:02.000\nA\n00:03.000 --> 00:04.000\nB\n');
    expect(v.map((c) => [c.text, c.startMs])).toEqual([
      ['A', 1000],
      ['B', 3000],
    ]);
  });

  it('reads SRT timings without milliseconds and with one-digit fields', () => {
    const cues = parseSubtitles(srt('1', '00:00:01 --> 00:00:02', 'no ms', '', '2', '0:0:3,5 --> 0:0:4,25', 'short'));
    expect(cues.map((c) => [c.startMs, c.stopMs])).toEqual([
      [1000, 2000],
      [3005, 4025],
    ]);
  });

  it('drops <00:00:35.000> timestamp tags', () => {
    const [cue] = parseSubtitles('WEBVTT\n\n00:34.000 --> 00:37.000\nOne <00:00:35.000>two <00:35.500>three\n');
    expect(cue!.text).toBe('One two three');
  });

  it('decodes named and numeric character references', () => {
    const [cue] = parseSubtitles(
      'WEBVTT\n\n00:01.000 --> 00:02.000\n&lrm;a&rlm; &quot;q&quot;&nbsp;&eacute;&hellip; &#x202B;b&#8206; &bogus; &amp;lt;\n',
    );
    expect(cue!.text).toBe('\u200Ea\u200F "q"\u00A0é… \u202Bb\u200E &bogus; &amp;lt;');
  });

  it('reports a cue that stops before it starts instead of keeping it', () => {
    const text = srt(
      '1',
      '00:00:05,000 --> 00:00:04,000',
      'backwards',
      '',
      '2',
      '00:00:06,000 --> 00:00:07,000',
      'fine',
    );
    expect(parseSubtitles(text).map((c) => c.text)).toEqual(['fine']);
    expect(parseSubtitleText(text, 'srt').skipped).toEqual([{ line: 2, reason: 'it ends before it starts' }]);
  });

  it('keeps an escaped <tag> as text through export and import (WebVTT and SRT)', () => {
    const [cue] = parseSubtitles(
      'WEBVTT\n\n00:01.000 --> 00:02.000\n&lt;b&gt;not bold&lt;/b&gt; <b>bold</b> 1 &lt; 2 &amp; 3\n',
    );
    expect(cue!.text).toBe('&lt;b>not bold&lt;/b> <b>bold</b> 1 < 2 & 3');
    const vtt = formatVtt([cue!]);
    expect(vtt).toContain('&lt;b&gt;not bold&lt;/b&gt; <b>bold</b> 1 &lt; 2 &amp; 3');
    expect(parseSubtitles(vtt)[0]!.text).toBe(cue!.text);
    expect(parseSubtitles(formatSrt([cue!]))[0]!.text).toBe(cue!.text);
  });

  it('lists every block it could not read, by row, with the reason', () => {
    const text = srt(
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'A',
      '',
      'stray text',
      '',
      '3',
      '00:00:0x,000 --> 00:00:04,000',
      'bad timing',
      '',
      '4',
      '00:00:05,000 --> 00:00:06,000',
      'B',
    );
    const { cues, skipped } = parseSubtitleText(text, 'srt');
    expect(cues.map((c) => c.text)).toEqual(['A', 'B']);
    expect(skipped).toEqual([
      { line: 5, reason: 'no timing (“stray text”)' },
      { line: 8, reason: 'timing not readable (“00:00:0x,000 --> 00:00:04,000”)' },
    ]);
  });

  it('follows the WebVTT rules for timestamps and reports the invalid ones', () => {
    const { cues, skipped } = parseSubtitleText(
      'WEBVTT\n\n00:00.00 --> 00:01.000\ntoo short\n\n0:00:00.000 --> 00:00:01.000\none-digit hours\n\n00:60.000 --> 01:00.000\nsixty\n',
      'vtt',
    );
    expect(cues.map((c) => c.text)).toEqual(['one-digit hours']);
    expect(skipped.map((s) => s.line)).toEqual([3, 9]);
  });

  it('keeps literal < and { that start no tag, and an unclosed {\\ or <a as text', () => {
    expect(cleanCueText('<3 and {\\an8 and <a href')).toBe('<3 and {\\an8 and &lt;a href');
  });
});
