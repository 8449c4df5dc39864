import { describe, expect, it } from 'vitest';
import { cleanCueText, detectFormat, formatSrt, formatVtt, parseSubtitles, SubtitleParseError } from './subtitleFiles';

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
