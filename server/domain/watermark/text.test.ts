import { describe, expect, it } from 'vitest';
import { DEFAULT_WATERMARK_FORMAT, MAX_WATERMARK_CHARS, watermarkText } from './text';
import { burnArgs, markFilter } from './ffmpeg';

const viewer = { id: 'u1', name: 'Ann Lee', email: 'ann@example.test' };
const at = new Date(Date.UTC(2026, 10, 28, 9, 5, 0));

describe('watermarkText', () => {
  it('fills the placeholders with the viewer and the UTC date and time', () => {
    expect(watermarkText('CONFIDENTIAL {user.name} {user.email} {date} {time}', viewer, at)).toBe(
      'CONFIDENTIAL Ann Lee ann@example.test 2026-11-28 09:05 UTC',
    );
  });

  it('keeps unknown placeholders as written and does not fill a value a second time', () => {
    expect(watermarkText('{user.phone} {date}', { ...viewer, name: '{date}' }, at)).toBe('{user.phone} 2026-11-28');
    expect(watermarkText('{user.name}', { ...viewer, name: '{date}' }, at)).toBe('{date}');
  });

  it('uses the default format for a blank one, and the e-mail and date when the filled text is blank', () => {
    expect(DEFAULT_WATERMARK_FORMAT).toBe('{user.name} {user.email} {date}');
    expect(watermarkText('  ', viewer, at)).toBe('Ann Lee ann@example.test 2026-11-28');
    expect(watermarkText(undefined, viewer, at)).toBe('Ann Lee ann@example.test 2026-11-28');
    expect(watermarkText('{user.name}', { ...viewer, name: '\n' }, at)).toBe('ann@example.test 2026-11-28');
  });

  it('makes one line of plain text: control characters, newlines and bidi overrides become spaces; long text is cut', () => {
    expect(watermarkText('{user.name}', { ...viewer, name: 'a\nb\r\tc\u202e\u0000d' }, at)).toBe('a b c d');
    const long = watermarkText('{user.name}', { ...viewer, name: 'x'.repeat(500) }, at);
    expect(Array.from(long)).toHaveLength(MAX_WATERMARK_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the ffmpeg filter', () => {
  it('reads the text from a file with expansion off: the viewer’s words never enter the filter graph', () => {
    const filter = markFilter({ textFile: 'abc.txt', width: 640, height: 360, chars: 40 });
    expect(filter).toMatch(/textfile=abc\.txt:expansion=none/);
    expect(filter.match(/drawtext=/g)).toHaveLength(2);
    const args = burnArgs({
      ffmpeg: 'ffmpeg',
      kind: 'video',
      source: '/media/clip.webm',
      dir: '/tmp/x',
      textFile: 'abc.txt',
      output: 'out.webm',
      width: 640,
      height: 360,
      chars: 40,
    });
    expect(args).toContain('libvpx-vp9');
    expect(args.slice(-1)).toEqual(['out.webm']);
  });

  it('sizes the text to fit the picture: smaller for longer text', () => {
    const size = (chars: number) =>
      Number(/fontsize=(\d+)/.exec(markFilter({ textFile: 't', width: 640, height: 360, chars }))?.[1]);
    expect(size(10)).toBe(30);
    expect(size(60)).toBe(16);
    expect(size(60)).toBeLessThan(size(20));
  });
});
