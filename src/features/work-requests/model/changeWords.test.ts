import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/dates';
import { changesOf, describeChange } from './changeWords';

const A = Date.UTC(2030, 11, 12, 16) / 1000;
const B = Date.UTC(2030, 11, 15, 16) / 1000;

describe('an order change in words', () => {
  it('dates in their own zone', () => {
    const from = { date: A, tz: 'Europe/Paris' };
    const to = { date: B, tz: 'Europe/Paris' };
    expect(describeChange({ field: 'due', from, to })).toBe(
      `Due date ${formatDateTime(A, 'Europe/Paris')} → ${formatDateTime(B, 'Europe/Paris')}`,
    );
    expect(formatDateTime(A, 'Europe/Paris')).toMatch(/17:00|5:00\sPM/);
    expect(describeChange({ field: 'deliveryDeadline', from: null, to })).toMatch(/^Delivery deadline set to /);
  });

  it('instructions, tags, assignee', () => {
    expect(describeChange({ field: 'instructions', from: 'a', to: 'b' })).toBe('Instructions changed');
    expect(describeChange({ field: 'instructions', from: null, to: 'b' })).toBe('Instructions added');
    expect(describeChange({ field: 'tags', from: ['festival'], to: ['festival', 'rush'] })).toBe('Tags: added rush');
    expect(describeChange({ field: 'tags', from: ['a', 'b'], to: ['c'] })).toBe('Tags: added c; removed a and b');
    expect(describeChange({ field: 'assignee', from: null, to: { _id: 'x', name: 'Ana Lima' } })).toBe(
      'Assigned to Ana Lima',
    );
    expect(
      describeChange({ field: 'assignee', from: { _id: 'x', name: 'Ana Lima' }, to: { _id: 'y', name: 'Bo Chen' } }),
    ).toBe('Reassigned from Ana Lima to Bo Chen');
    expect(describeChange({ field: 'assignee', from: { _id: 'x', name: 'Ana Lima' }, to: null })).toBe(
      'Unassigned (was Ana Lima)',
    );
  });

  it('materials: renamed, ticked, added, removed', () => {
    const dl = { name: 'Dialogue list', complete: false, approved: false, files: [] };
    expect(
      describeChange({
        field: 'materials',
        from: [dl],
        to: [{ ...dl, name: 'Dialogue list v2', complete: true, approved: true }],
      }),
    ).toBe(
      'Materials: renamed “Dialogue list” to “Dialogue list v2”; “Dialogue list v2” marked received; “Dialogue list v2” approved',
    );
    expect(describeChange({ field: 'materials', from: [dl], to: [dl, { ...dl, name: 'Textless' }] })).toBe(
      'Materials: added “Textless”',
    );
    expect(describeChange({ field: 'materials', from: [dl, { ...dl, name: 'Textless' }], to: [dl] })).toBe(
      'Materials: removed “Textless”',
    );
  });

  it('an unknown field by its label, never its code or JSON; entries without changes have none', () => {
    expect(describeChange({ field: 'shippingAddresses', from: [], to: [{ a: 1 }] })).toMatch(
      /^Shipping addresses changed$/i,
    );
    expect(changesOf({ status: 'submitted' })).toEqual([]);
    expect(changesOf({ changes: [{ field: 'tags', from: [], to: ['x'] }, { nope: 1 }, 'x'] })).toHaveLength(1);
  });
});
