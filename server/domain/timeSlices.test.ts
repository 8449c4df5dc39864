import { describe, expect, it } from 'vitest';
import { timeSlicer } from './timeSlices';

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
