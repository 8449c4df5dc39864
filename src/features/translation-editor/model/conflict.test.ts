import { describe, expect, it } from 'vitest';
import type { Line } from '../../../api/schema/translation';
import { planConflict, resolveConflict } from './conflict';

const L = (n: number, text: string): Line => ({
  number: n,
  text,
  startTime: `00:00:0${n},000`,
  stopTime: `00:00:0${n},900`,
});

describe('merge-conflict diff', () => {
  const base = [L(1, 'a'), L(2, 'b'), L(3, 'c'), L(4, 'd')];
  const mine = [L(1, 'a'), L(2, 'B mine'), L(3, 'C mine'), L(4, 'd')];
  const theirs = [L(1, 'A theirs'), L(2, 'b'), L(3, 'C theirs'), L(4, 'd')];

  it('takes one-sided changes without asking and lists the clashes', () => {
    const plan = planConflict(base, mine, theirs);
    expect(plan.takenFromTheirs).toBe(1);
    expect(plan.conflicts.map((c) => c.index)).toEqual([2]);
    expect(plan.merged.map((l) => l?.text)).toEqual(['A theirs', 'B mine', undefined, 'd']);
  });

  it('resolves with the choices, mine by default', () => {
    const plan = planConflict(base, mine, theirs);
    expect(resolveConflict(plan, new Map()).map((l) => l.text)).toEqual(['A theirs', 'B mine', 'C mine', 'd']);
    expect(resolveConflict(plan, new Map([[2, 'theirs']])).map((l) => l.text)).toEqual([
      'A theirs',
      'B mine',
      'C theirs',
      'd',
    ]);
  });

  it('treats the same change on both sides as no conflict', () => {
    const plan = planConflict(base, [L(1, 'x')], [L(1, 'x')]);
    expect(plan.conflicts).toEqual([]);
  });

  it('without a base (an old draft) every line both have and differ on is a choice; lines only they have are kept', () => {
    const plan = planConflict([], [L(1, 'a'), L(2, 'mine')], [L(1, 'a'), L(2, 'theirs'), L(3, 'extra')]);
    expect(plan.conflicts.map((c) => c.index)).toEqual([1]);
    expect(resolveConflict(plan, new Map()).map((l) => l.text)).toEqual(['a', 'mine', 'extra']);
    expect(resolveConflict(plan, new Map([[1, 'theirs']])).map((l) => l.text)).toEqual(['a', 'theirs', 'extra']);
  });
});
