import { describe, expect, it } from 'vitest';
import { parseRange } from './paging';

describe('parseRange', () => {
  it('defaults to the first ten', () => expect(parseRange(undefined)).toEqual({ offset: 0, limit: 10 }));
  it('reads first and last inclusively', () =>
    expect(parseRange('resources=10-19')).toEqual({ offset: 10, limit: 10 }));
  it('clamps to 100 items', () => expect(parseRange('resources=5-500')).toEqual({ offset: 5, limit: 100 }));
  it('takes a single item', () => expect(parseRange('resources=7-7')).toEqual({ offset: 7, limit: 1 }));
  it.each(['resources=5-4', 'items=0-9', 'resources=', 'resources=1-x', 'resources=-1-3'])('rejects %s', (v) => {
    expect(() => parseRange(v)).toThrow(/X-Range/);
  });
});
