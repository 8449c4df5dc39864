import { describe, expect, it } from 'vitest';
import { stringifyInSlices, timeSlicer } from './timeSlices';

describe('timeSlicer', () => {
  it('lets waiting callbacks run once its slice is spent', async () => {
    const order: string[] = [];
    const pause = timeSlicer(undefined, 0);
    setImmediate(() => order.push('other request'));
    await pause();
    order.push('work goes on');
    expect(order).toEqual(['other request', 'work goes on']);
  });

  it('keeps going without a turn while the slice lasts', async () => {
    const order: string[] = [];
    const pause = timeSlicer(undefined, 60_000);
    setImmediate(() => order.push('other request'));
    await pause();
    order.push('work goes on');
    expect(order).toEqual(['work goes on']);
  });

  it('stops the work once the signal is aborted', async () => {
    const gone = new AbortController();
    const pause = timeSlicer(gone.signal, 0);
    await pause();
    gone.abort(new Error('client gone'));
    await expect(pause()).rejects.toThrow('client gone');
  });
});

describe('stringifyInSlices', () => {
  it('writes what JSON.stringify writes, items without a JSON form included', async () => {
    const values = [{ a: 1, b: 'é"\n', c: [1, { d: null }] }, undefined, () => 1, 'x', 0, { toJSON: () => 'y' }, []];
    expect(await stringifyInSlices(values, 0)).toBe(JSON.stringify(values));
    expect(await stringifyInSlices([], 0)).toBe('[]');
  });

  it('gives other callbacks a turn between items once its slice is spent', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other request'));
    const text = stringifyInSlices([1, 2], 0).then((t) => order.push(t));
    await text;
    expect(order).toEqual(['other request', '[1,2]']);
  });
});
