import { describe, expect, it } from 'vitest';
import { isOverdue, lateness, statusLabel, statusTone } from './statuses';

describe('statuses', () => {
  it('labels known and unknown statuses', () => {
    expect(statusLabel('awaiting-materials')).toBe('Awaiting materials');
    expect(statusLabel('on_hold')).toBe('On hold');
    expect(statusLabel(undefined)).toBe('No status');
    expect(statusTone('rejected')).toBe('danger');
    expect(statusTone('something-new')).toBe('neutral');
  });
  it('is overdue only while open and past due', () => {
    const now = 1_800_000_000_000;
    expect(isOverdue(1_700_000_000, 'in-progress', now)).toBe(true);
    expect(isOverdue(1_700_000_000, 'complete', now)).toBe(false);
    expect(isOverdue(1_900_000_000, 'in-progress', now)).toBe(false);
    expect(isOverdue(undefined, 'in-progress', now)).toBe(false);
  });

  it('says how late an open order is, in hours then days', () => {
    const due = 1_700_000_000;
    const at = (hours: number) => due * 1000 + hours * 3_600_000;
    expect(lateness(due, 'in-progress', at(0.5))).toEqual({ days: 0, label: 'Just overdue' });
    expect(lateness(due, 'in-progress', at(5))).toEqual({ days: 0, label: '5 h late' });
    expect(lateness(due, 'in-progress', at(24))).toEqual({ days: 1, label: '1 day late' });
    expect(lateness(due, 'for-review', at(24 * 3 + 2))).toEqual({ days: 3, label: '3 days late' });
    expect(lateness(due, 'complete', at(100))).toBeUndefined();
    expect(lateness(due, 'in-progress', at(-1))).toBeUndefined();
  });
});
