import { describe, expect, it } from 'vitest';
import { stripComputed } from './computed';

describe('stripComputed', () => {
  it('drops $-members at any depth, in objects and lists, and leaves the input alone', () => {
    const record = {
      _id: 'a',
      $links: { self: '//x' },
      to: [{ _id: 'u', $links: {} }, 'plain'],
      nested: { keep: 1, $etag: 'e' },
      n: null,
    };
    expect(stripComputed(record)).toEqual({ _id: 'a', to: [{ _id: 'u' }, 'plain'], nested: { keep: 1 }, n: null });
    expect(record.$links).toEqual({ self: '//x' });
    expect(stripComputed('text')).toBe('text');
  });
});
