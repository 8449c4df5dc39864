import { describe, expect, it } from 'vitest';
import { serialPerKey } from './serialPerKey';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('serialPerKey', () => {
  it('runs work for one key in the order it was asked for, even when the first is slower', async () => {
    const done: string[] = [];
    await Promise.all([
      serialPerKey('a', async () => {
        await wait(30);
        done.push('first');
      }),
      serialPerKey('a', async () => {
        done.push('second');
      }),
    ]);
    expect(done).toEqual(['first', 'second']);
  });

  it('lets different keys run side by side, and goes on after a failure', async () => {
    const done: string[] = [];
    const slow = serialPerKey('x', async () => {
      await wait(30);
      done.push('x');
    });
    await serialPerKey('y', async () => {
      done.push('y');
    });
    await slow;
    expect(done).toEqual(['y', 'x']);
    await expect(
      serialPerKey('z', async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await serialPerKey('z', async () => 'after')).toBe('after');
  });
});
