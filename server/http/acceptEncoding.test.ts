import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './acceptEncoding';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP;Q=0.5', 'gzip'],
    ['br;q=0.2, gzip;q=0.9', 'gzip'],
    ['br;q=0.9, gzip;q=0.9', 'br'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*;q=0, identity', 'identity'],
    ['identity', 'identity'],
    ['identity;q=1, br;q=0.5', 'identity'],
    ['br;q=0.5', 'br'],
    ['identity;q=0', 'identity'],
    ['deflate, compress', 'identity'],
    [['gzip', 'br'], 'br'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(negotiateEncoding(header as string | string[] | undefined)).toBe(expected);
  });

  it('offers only what the file has', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBe('identity');
  });
});
