import { describe, expect, it } from 'vitest';
import { assetIdFromSplat, assetUrl, otherUrls } from './urls';
import { formatLength, tagLabels } from './display';

const origin = 'http://console.test';

describe('share urls', () => {
  it('opens per-asset URLs of this app in the app, relative or //host', () => {
    expect(assetUrl({ a1: '/shares/s1/assets/a1' }, 'a1', 's1', origin)?.to).toBe('/shares/s1/assets/a1');
    expect(assetUrl({ a1: '//console.test/shares/:share/assets/a1' }, 'a1', 's 1', origin)?.to).toBe(
      '/shares/s%201/assets/a1',
    );
    expect(assetUrl({}, 'a1', 's1', origin)).toBeUndefined();
  });
  it('opens other hosts as external http(s) links and never javascript:', () => {
    expect(assetUrl({ a: '//cdn.test/x?y=1' }, 'a', 's1', origin)?.href).toBe('http://cdn.test/x?y=1');
    expect(assetUrl({ a: 'https://cdn.test/v' }, 'a', 's1', origin)?.href).toBe('https://cdn.test/v');
    expect(assetUrl({ a: 'javascript:alert(1)' }, 'a', 's1', origin)).toBeUndefined();
  });
  it('leaves out templates and paths that are no page: never /shares/:share/playlist or /invite/:code', () => {
    const links = otherUrls(
      { playlist: '/shares/:share/playlist', invite: '/invite/:code', a1: '/x', elsewhere: 'https://cdn.test/p' },
      new Set(['a1']),
      's1',
      origin,
    );
    expect(links).toEqual([{ key: 'elsewhere', href: 'https://cdn.test/p' }]);
  });
  it('reads the asset id from the route splat', () => {
    expect(assetIdFromSplat('assets/a1')).toBe('a1');
    expect(assetIdFromSplat('')).toBeUndefined();
    expect(assetIdFromSplat('other/a1')).toBeUndefined();
  });
});

describe('display', () => {
  it('formats lengths and tags', () => {
    expect(formatLength(477)).toBe('7:57');
    expect(formatLength(3725)).toBe('1:02:05');
    expect(formatLength(0)).toBeUndefined();
    expect(tagLabels([['trailer', 'final'], []])).toEqual(['trailer · final']);
  });
});
