import { describe, expect, it } from 'vitest';
import { parseRecord, salvageRecord } from './parse';
import { workRequest } from './schema/workRequest';
import { comment } from './schema/comment';

describe('lenient schemas', () => {
  it('keeps unknown fields and accepts missing ones', () => {
    const parsed = parseRecord(workRequest, { _id: 'a1', status: 'submitted', vendorField: { x: 1 } });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.data.vendorField).toEqual({ x: 1 });
      expect(parsed.data.asset).toBeUndefined();
    }
  });
  it('treats null as absent (but keeps audioFile null)', () => {
    const parsed = parseRecord(workRequest, { _id: 'a1', instructions: null, audioFile: null });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect('instructions' in parsed.data).toBe(false);
      expect(parsed.data.audioFile).toBeNull();
    }
  });
  it('takes a record with no null where the schema reads as it came, without copying it', () => {
    // A first page of 50 work requests spent most of its parse copying each record to drop nulls
    // (docs/decisions/111-contract-schemas.md).
    const asset = { _id: 'as1', name: 'Trailer', workflow: { definition: { phases: { WIP: { note: null } } } } };
    const raw = { _id: 'a1', status: 'submitted', asset, vendorField: { x: null } };
    const parsed = parseRecord(workRequest, raw);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.data.asset?.name).toBe('Trailer');
      expect(parsed.data.vendorField).toBe(raw.vendorField);
    }
  });
  it('still drops a null in a field it reads, deep down, when the rest of the record has nulls too', () => {
    const parsed = parseRecord(workRequest, { _id: 'a1', asset: { _id: 'as1', name: null }, vendorField: { x: null } });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.data.asset?._id).toBe('as1');
      expect(parsed.data.asset && 'name' in parsed.data.asset).toBe(false);
    }
  });
  it('reports a field of the wrong type with its path and the record id', () => {
    const parsed = parseRecord(workRequest, { _id: 'bad1', asset: { thumbnail: { length: 'big' } } });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.id).toBe('bad1');
      expect(parsed.problems[0]?.path).toBe('asset.thumbnail.length');
    }
  });
});

describe('salvageRecord', () => {
  it('leaves out only the fields that fail and says which', () => {
    const checked = salvageRecord(workRequest, {
      _id: 'w1',
      status: 'complete',
      due: { date: 'tomorrow', tz: 'Europe/Paris' },
      tags: ['a'],
    });
    expect(checked?.data._id).toBe('w1');
    expect(checked?.data.status).toBe('complete');
    expect(checked?.data.due).toEqual({ tz: 'Europe/Paris' });
    expect(checked?.problems.map((p) => p.path)).toEqual(['due.date']);
  });
  it('keeps list items without their bad field, and drops items that are not items at all', () => {
    const checked = salvageRecord(workRequest, {
      _id: 'w2',
      history: [{ status: 'submitted' }, { status: 42, reason: 'kept' }, 'junk', { status: 'complete' }],
    });
    expect(checked?.data.history).toEqual([{ status: 'submitted' }, { reason: 'kept' }, { status: 'complete' }]);
    expect(checked?.problems.map((p) => p.path)).toEqual(['history.1.status', 'history.2']);
  });
  it('never changes the body it was given, even when it repairs it', () => {
    const raw = {
      _id: 'w3',
      due: { date: 'tomorrow', tz: 'UTC' },
      history: [{ status: 42 }, 'junk'],
      audioFile: null,
      tags: null,
    };
    const before = JSON.stringify(raw);
    const checked = salvageRecord(workRequest, raw);
    expect(checked?.problems.length).toBeGreaterThan(0);
    expect(JSON.stringify(raw)).toBe(before);
  });
  it('takes a record with no null where the schema reads as it came, and still drops one where it reads', () => {
    const raw = { _id: 'w4', status: 'complete', vendorField: { note: null } };
    expect(salvageRecord(workRequest, raw)?.data.vendorField).toBe(raw.vendorField);
    const withNull = salvageRecord(workRequest, { _id: 'w5', status: null, audioFile: null });
    expect(withNull?.problems).toEqual([]);
    expect(withNull && 'status' in withNull.data).toBe(false);
    expect(withNull?.data.audioFile).toBeNull();
  });
  it('gives up on bodies that are not records', () => {
    expect(salvageRecord(comment, [1, 2])).toBeUndefined();
    expect(salvageRecord(comment, 'text')).toBeUndefined();
    expect(salvageRecord(comment, null)).toBeUndefined();
  });
});
