import { describe, expect, it } from 'vitest';
import { isOverdue, statusLabel, statusTone } from './statuses';

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
});
