import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaPath, storedMedia } from './media';
import { computePeaks, peaksJson } from './peaks';
import { parseRange } from '../http/mediaResponse';
import { thumbnailLink, thumbnailRef } from '../http/mediaLinks';
import { LinkSigner } from './signing';

describe('media names', () => {
  const root = path.resolve('/srv/media');
  it('resolve inside the root only', () => {
    expect(mediaPath(root, 'clip.webm')).toBe(path.join(root, 'clip.webm'));
    expect(mediaPath(root, 'thumbs/a_b-c.jpg')).toBe(path.join(root, 'thumbs', 'a_b-c.jpg'));
    for (const bad of ['../etc/passwd', '/etc/passwd', 'thumbs/../../x', '..', 'a/b.jpg', '.hidden', '', 'a\0b', 7]) {
      expect(mediaPath(root, bad), String(bad)).toBeUndefined();
    }
  });
  it('take stored media only with a type, a duration and a source', () => {
    expect(storedMedia({ file: 'a.webm', mime: 'video/webm', duration: 3 })).toBeDefined();
    expect(storedMedia({ synth: { transcription: 'x' }, mime: 'audio/wav', duration: 3 })).toBeDefined();
    expect(storedMedia({ mime: 'video/webm', duration: 3 })).toBeUndefined();
    expect(storedMedia({ file: 'a.webm', duration: 3 })).toBeUndefined();
    expect(storedMedia('a.webm')).toBeUndefined();
  });
});

describe('byte ranges', () => {
  it('reads one range of a 1000-byte file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=990-', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange(' bytes=1-1 ', 1000)).toEqual({ start: 1, end: 1 });
  });
  it('says unsatisfiable past the end, and ignores what it cannot read', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    for (const h of [undefined, '', 'bytes=', 'bytes=-', 'bytes=5-2', 'bytes=0-1,4-5', 'items=0-1', 'bytes=a-b']) {
      expect(parseRange(h, 1000), String(h)).toBeUndefined();
    }
  });
});

describe('peaks', () => {
  it('are the largest absolute sample per bucket, 3 decimals, one per started bucket', () => {
    const samples = [0.1, -0.5, 0.2, 0.12345, 0, -0.0004, 0.9999, -1.5, 0.3];
    const p = computePeaks(samples, 4, 2); // buckets of 2 samples
    expect(p).toEqual({ duration: 2.25, rate: 2, peaks: [0.5, 0.2, 0, 1, 0.3] });
    expect(peaksJson(p)).toBe('{"duration":2.25,"rate":2,"peaks":[0.5,0.2,0,1,0.3]}');
  });
  it('split uneven buckets by time', () => {
    const p = computePeaks(new Array<number>(22_050).fill(0.5), 22_050, 100);
    expect(p.peaks.length).toBe(100);
    expect(p.duration).toBe(1);
  });
});

describe('thumbnail links', () => {
  const signer = { signer: new LinkSigner(Buffer.alloc(32, 1)), caller: { id: '0123456789abcdef01234599' } };
  it('are made for a file named by a record id only', () => {
    expect(thumbnailRef(signer, '0123456789abcdef01234567').$thumbnail?.path).toMatch(
      /^\/api\/files\/0123456789abcdef01234567\/content\?expires=\d+&user=0123456789abcdef01234599&link=[0-9a-f]{16}&use=thumbnail&sig=[0-9a-f]{64}$/,
    );
    for (const bad of ['javascript:alert(1)', '../x', '', undefined, 7]) expect(thumbnailRef(signer, bad)).toEqual({});
    expect(thumbnailLink(signer, 'x/../y')).toBeUndefined();
  });
});
