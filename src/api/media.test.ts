import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from './client';
import { mediaUrl, thumbnailUrl } from './media';

describe('media links', () => {
  afterEach(() => configureApiClient({ baseUrl: '/api' }));

  it('keep server-relative links on a same-origin API and put them on the API’s origin otherwise', () => {
    expect(mediaUrl('/api/files/1/content?expires=1&sig=ab')).toBe('/api/files/1/content?expires=1&sig=ab');
    configureApiClient({ baseUrl: 'https://api.example.com/api' });
    expect(mediaUrl('/api/files/1/content?expires=1&sig=ab')).toBe(
      'https://api.example.com/api/files/1/content?expires=1&sig=ab',
    );
    expect(mediaUrl('https://cdn.example.com/t.jpg')).toBe('https://cdn.example.com/t.jpg');
  });

  it('refuse anything but http(s)', () => {
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.example/x', '/\\evil', '', 3, null]) {
      expect(mediaUrl(bad), String(bad)).toBeUndefined();
    }
  });

  it('read a thumbnail from a file-like object or a $thumbnail, and not from a non-image', () => {
    expect(thumbnailUrl({ _id: 't', mime: 'image/jpeg', path: '/api/files/t/content?x' })).toBe(
      '/api/files/t/content?x',
    );
    expect(thumbnailUrl({ _id: 't', path: '/api/files/t/content?x' })).toBe('/api/files/t/content?x');
    expect(thumbnailUrl({ _id: 't', mime: 'video/quicktime', path: '/x.mov' })).toBeUndefined();
    expect(thumbnailUrl({ _id: 't' })).toBeUndefined();
    expect(thumbnailUrl('t')).toBeUndefined();
    expect(thumbnailUrl(undefined)).toBeUndefined();
  });
});
