import { describe, expect, it } from 'vitest';
import type { WorkRequest } from '../../../api/schema/workRequest';
import {
  buildOrderChange,
  fieldOfPath,
  formFromRecord,
  mayEditOrder,
  rebaseOrderForm,
  summarizeConflict,
  validateOrderForm,
  valuesOfRecord,
  type OrderForm,
} from './orderEdit';

const DUE = Date.UTC(2030, 11, 12, 16, 0) / 1000; // 12 Dec 2030, 17:00 in Paris
const NOW = Date.UTC(2030, 0, 1) / 1000;
const record: WorkRequest = {
  _id: 'a'.repeat(24),
  status: 'submitted',
  due: { date: DUE, tz: 'Europe/Paris' },
  instructions: 'Match the <b>burned-in</b> card.',
  tags: ['festival', 'trailer'],
  materials: [
    { name: 'Dialogue list', complete: true, approved: false, files: [{ name: 'dl.pdf' }] },
    { name: 'Textless master', complete: false, approved: false, files: [] },
  ],
};
const open = (wr: WorkRequest = record) => ({ base: valuesOfRecord(wr), form: formFromRecord(wr, 'UTC') });

describe('order edit: the body carries only what changed', () => {
  it('an untouched form sends nothing', () => {
    const { base, form } = open();
    expect(form.due).toEqual({ local: '2030-12-12T17:00', tz: 'Europe/Paris' });
    expect(form.deliveryDeadline).toEqual({ local: '', tz: 'Europe/Paris' });
    expect(buildOrderChange(base, form)).toEqual({});
    expect(validateOrderForm(form, base, NOW)).toEqual({});
  });

  it('the due date on the wall clock of its zone, and a new zone', () => {
    const { base, form } = open();
    expect(buildOrderChange(base, { ...form, due: { local: '2030-12-15T17:00', tz: 'Europe/Paris' } })).toEqual({
      due: { date: DUE + 3 * 86400, tz: 'Europe/Paris' },
    });
    expect(buildOrderChange(base, { ...form, due: { local: '2030-12-12T17:00', tz: 'America/New_York' } })).toEqual({
      due: { date: Date.UTC(2030, 11, 12, 22, 0) / 1000, tz: 'America/New_York' },
    });
  });

  it('instructions and tags: trimmed, deduplicated, unchanged tags in another spelling are no change', () => {
    const { base, form } = open();
    expect(buildOrderChange(base, { ...form, tags: [' festival', 'trailer', 'Festival', ''] })).toEqual({});
    expect(buildOrderChange(base, { ...form, tags: ['trailer', 'rush'], instructions: 'New text' })).toEqual({
      instructions: 'New text',
      tags: ['trailer', 'rush'],
    });
  });

  it('delivery spec: the one named, or null to go back to the studio’s best match', () => {
    const { base, form } = open();
    expect(buildOrderChange(base, { ...form, spec: 'spec-broadcast' })).toEqual({ spec: 'spec-broadcast' });
    const named = { ...base, spec: 'spec-broadcast' };
    expect(buildOrderChange(named, { ...form, spec: '' })).toEqual({ spec: null });
    expect(buildOrderChange(named, { ...form, spec: 'spec-broadcast' })).toEqual({});
  });

  it('materials: the whole list when an item is added, renamed, removed or ticked, files kept', () => {
    const { base, form } = open();
    const ticked: OrderForm = {
      ...form,
      materials: form.materials.map((m, i) => (i === 1 ? { ...m, complete: true, name: ' Textless master v2 ' } : m)),
    };
    expect(buildOrderChange(base, ticked)).toEqual({
      materials: [
        { name: 'Dialogue list', complete: true, approved: false, files: [{ name: 'dl.pdf' }] },
        { name: 'Textless master v2', complete: true, approved: false, files: [] },
      ],
    });
    expect(buildOrderChange(base, { ...form, materials: form.materials.slice(1) }).materials).toHaveLength(1);
  });
});

describe('order edit: checks', () => {
  it('names each problem at its field', () => {
    const { base, form } = open();
    const bad: OrderForm = {
      due: { local: '2029-01-01T10:00', tz: 'Europe/Paris' },
      deliveryDeadline: { local: '2028-01-01T10:00', tz: 'Mars/Olympus' },
      instructions: 'x'.repeat(20_001),
      tags: ['t'.repeat(51)],
      materials: [{ ...form.materials[0]!, name: '  ' }],
      spec: '',
    };
    const errors = validateOrderForm(bad, base, NOW);
    expect(Object.keys(errors).sort()).toEqual(['deliveryDeadline', 'due', 'instructions', 'materials.0.name', 'tags']);
    expect(errors.due).toMatch(/in the past/);
    expect(errors.deliveryDeadline).toMatch(/time zone/);
    expect(
      validateOrderForm({ ...form, deliveryDeadline: { local: '2030-12-01T10:00', tz: 'Europe/Paris' } }, base, NOW)
        .deliveryDeadline,
    ).toMatch(/before the due date/);
    expect(validateOrderForm({ ...form, due: { local: '', tz: 'Europe/Paris' } }, base, NOW).due).toMatch(
      /cannot be removed/,
    );
  });

  it('an unchanged due date already past is no problem (only a new one must be ahead)', () => {
    const { base, form } = open();
    expect(validateOrderForm(form, base, DUE + 10)).toEqual({});
  });

  it('maps server problem paths to the fields', () => {
    expect(fieldOfPath('due.tz')).toBe('due');
    expect(fieldOfPath('materials.3.name')).toBe('materials.3.name');
    expect(fieldOfPath('tags.2')).toBe('tags');
    expect(fieldOfPath('assignee')).toBeUndefined();
  });
});

describe('order edit: a conflict, field by field', () => {
  const theirs: WorkRequest = { ...record, tags: ['festival', 'trailer', 'rush'], instructions: 'Their text' };

  it('sorts fields into theirs, mine and both', () => {
    const { base, form } = open();
    const mine: OrderForm = {
      ...form,
      instructions: 'My text',
      due: { local: '2030-12-20T17:00', tz: 'Europe/Paris' },
    };
    const summary = summarizeConflict(base, mine, valuesOfRecord(theirs));
    expect(summary.theirs).toEqual(['Tags: added rush']);
    expect(summary.mine).toEqual([expect.stringMatching(/^Due date .* → .*20.*/)]);
    expect(summary.both).toEqual([
      { field: 'instructions', label: 'Instructions', theirs: '“Their text”', mine: '“My text”' },
    ]);
  });

  it('names delivery specifications by their names, never their ids', () => {
    const { base, form } = open();
    const [netflix, broadcast] = ['b'.repeat(24), 'c'.repeat(24)];
    const names = { spec: (id: string) => ({ [netflix]: 'Netflix-style (adult)', [broadcast]: 'Broadcast' })[id] };
    const both = summarizeConflict(
      base,
      { ...form, spec: netflix },
      valuesOfRecord({ ...record, spec: broadcast }),
      names,
    );
    expect(both.both).toEqual([
      { field: 'spec', label: 'Delivery specification', theirs: 'Broadcast', mine: 'Netflix-style (adult)' },
    ]);
    const theirsOnly = summarizeConflict(base, form, valuesOfRecord({ ...record, spec: broadcast }), names);
    expect(theirsOnly.theirs).toEqual(['Delivery specification: The best match for the order → Broadcast']);
    // A spec the list does not hold (removed since) is described, not shown by id.
    const gone = summarizeConflict(base, { ...form, spec: 'd'.repeat(24) }, valuesOfRecord(record), names);
    expect(gone.mine).toEqual(['Delivery specification: The best match for the order → A spec no longer listed']);
    expect(JSON.stringify([both, theirsOnly, gone])).not.toMatch(/[0-9a-f]{24}/);
  });

  it('re-applies my edits onto theirs; a field I chose theirs for takes theirs, nothing else of mine is lost', () => {
    const { base, form } = open();
    const mine: OrderForm = {
      ...form,
      instructions: 'My text',
      due: { local: '2030-12-20T17:00', tz: 'Europe/Paris' },
    };
    const kept = rebaseOrderForm(base, mine, theirs, new Set(), 'UTC');
    expect(kept.instructions).toBe('My text');
    expect(kept.tags).toEqual(['festival', 'trailer', 'rush']);
    expect(kept.due.local).toBe('2030-12-20T17:00');
    expect(buildOrderChange(valuesOfRecord(theirs), kept)).toEqual({
      instructions: 'My text',
      due: { date: DUE + 8 * 86400, tz: 'Europe/Paris' },
    });
    const took = rebaseOrderForm(base, mine, theirs, new Set(['instructions']), 'UTC');
    expect(took.instructions).toBe('Their text');
    expect(buildOrderChange(valuesOfRecord(theirs), took)).toEqual({
      due: { date: DUE + 8 * 86400, tz: 'Europe/Paris' },
    });
  });
});

describe('order edit: who may', () => {
  const user = (id: string, groups: { type: string; studios?: string[] }[]) =>
    ({ _id: id, groups: groups.map((g, i) => ({ _id: `g${i}`, name: g.type, ...g })) }) as Parameters<
      typeof mayEditOrder
    >[0];
  const wr: WorkRequest = { ...record, studio: 's1', from: { _id: 'req' }, status: 'submitted' };

  it('admins and the studio’s coordinators always; the requester before work starts; translators never', () => {
    expect(mayEditOrder(user('adm', [{ type: 'admin' }]), { ...wr, status: 'complete' })).toBe(true);
    expect(mayEditOrder(user('c', [{ type: 'coordinator', studios: ['s1'] }]), { ...wr, status: 'approved' })).toBe(
      true,
    );
    expect(mayEditOrder(user('c2', [{ type: 'coordinator', studios: ['s2'] }]), wr)).toBe(false);
    expect(mayEditOrder(user('req', [{ type: 'client', studios: ['s1'] }]), wr)).toBe(true);
    expect(mayEditOrder(user('req', [{ type: 'client', studios: ['s1'] }]), { ...wr, status: 'incomplete' })).toBe(
      true,
    );
    expect(mayEditOrder(user('req', [{ type: 'client', studios: ['s1'] }]), { ...wr, status: 'in-progress' })).toBe(
      false,
    );
    const assigned = { ...wr, translation: { _id: 't', translator: { _id: 'tr' } } } as WorkRequest;
    expect(mayEditOrder(user('tr', [{ type: 'translator', studios: ['s1'] }]), assigned)).toBe(false);
    expect(mayEditOrder(undefined, wr)).toBe(false);
  });
});
