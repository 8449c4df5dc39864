import { describe, expect, it } from 'vitest';
import { assetEmbargoOf, embargoInForce, mayBypassEmbargo, mayBypassAssetEmbargo } from './embargo';
import { makeCaller } from './access';
import type { GroupDoc } from './types';
import type { Doc } from '../storage/store';

const NOW = 1_800_000_000;
const file = (embargo: unknown, studio = 's1'): Doc => ({ _id: 'f'.repeat(24), created: 0, studio, embargo });
const group = (type: GroupDoc['type'], studios: string[] = []): GroupDoc => ({
  _id: `${type}${studios.join('')}`.padEnd(24, '0'),
  created: 0,
  name: type,
  type,
  studios,
  users: [],
});
const caller = (...groups: GroupDoc[]) =>
  makeCaller({ _id: 'u'.repeat(24), created: 0, groups: groups.map((g) => g._id) }, groups);

describe('embargoInForce', () => {
  it('holds while the end is ahead, whatever event says; an end passed has lifted', () => {
    expect(embargoInForce(file({ event: false, end: NOW + 1 }), NOW)).toEqual({ until: NOW + 1, event: false });
    expect(embargoInForce(file({ event: true, end: NOW + 1 }), NOW)).toEqual({ until: NOW + 1, event: true });
    expect(embargoInForce(file({ event: true, end: NOW }), NOW)).toBeUndefined();
    expect(embargoInForce(file({ event: false, end: NOW - 1 }), NOW)).toBeUndefined();
  });

  it('an event without an end holds until an admin lifts it; none, or a malformed one, is no embargo', () => {
    expect(embargoInForce(file({ event: true }), NOW)).toEqual({ event: true });
    for (const e of [undefined, null, 'yes', { event: false }, { event: 'true' }, { end: 'soon' }])
      expect(embargoInForce(file(e), NOW), JSON.stringify(e)).toBeUndefined();
  });
});

describe('mayBypassEmbargo', () => {
  it('admins and the coordinators of the file’s studio pass; other coordinators, translators and clients do not', () => {
    const f = file({ event: true });
    expect(mayBypassEmbargo(caller(group('admin')), f)).toBe(true);
    expect(mayBypassEmbargo(caller(group('coordinator', ['s1'])), f)).toBe(true);
    expect(mayBypassEmbargo(caller(group('coordinator', ['s2'])), f)).toBe(false);
    expect(mayBypassEmbargo(caller(group('translator')), f)).toBe(false);
    expect(mayBypassEmbargo(caller(group('client')), f)).toBe(false);
  });
});

describe('assetEmbargoOf', () => {
  it('is the files’ in force, until the last one lifts; without an end while one waits for an admin', () => {
    const a = file({ event: false, end: NOW + 10 });
    const b = file({ event: false, end: NOW + 20 }, 's2');
    expect(assetEmbargoOf([a, b, file({ event: false, end: NOW - 5 })], NOW)).toEqual({
      files: [a, b],
      until: NOW + 20,
    });
    expect(assetEmbargoOf([a, file({ event: true })], NOW)?.until).toBeUndefined();
    expect(assetEmbargoOf([file({ event: false })], NOW)).toBeUndefined();
    // A coordinator of one studio does not pass an asset whose embargoed files include another studio's.
    const embargo = assetEmbargoOf([a, b], NOW)!;
    expect(mayBypassAssetEmbargo(caller(group('coordinator', ['s1'])), embargo)).toBe(false);
    expect(mayBypassAssetEmbargo(caller(group('admin')), embargo)).toBe(true);
  });
});
