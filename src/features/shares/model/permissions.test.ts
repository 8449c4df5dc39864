import { describe, expect, it } from 'vitest';
import { ACCESS_FLAGS, accessFlagLabel } from '../../../api/schema/permission';
import {
  accessSummary,
  extraAccessFlags,
  FLAG_GROUPS,
  listToText,
  oddCodes,
  previewChoices,
  textToList,
} from './permissions';

describe('permission flags', () => {
  it('groups every access flag of the spec exactly once, spelled as the spec spells it', () => {
    const keys = FLAG_GROUPS.flatMap((g) => g.flags.map((f) => f.key));
    expect([...keys].sort()).toEqual([...ACCESS_FLAGS].sort());
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('manageWorkRequsts');
  });
  it('labels in plain words, and words an unknown flag from its key', () => {
    for (const g of FLAG_GROUPS)
      for (const f of g.flags) {
        expect(f.label).not.toBe(f.key);
        expect(f.help.length).toBeGreaterThan(10);
      }
    expect(accessFlagLabel('manageWorkRequsts')).toBe('Manage work requests');
    expect(accessFlagLabel('somethingNew')).toBe('Something new');
  });
  it('finds boolean flags the spec does not list, and counts flags on', () => {
    expect(extraAccessFlags({ download: true, previews: 'clean', zeta: true, alpha: false, text: 'x' })).toEqual([
      'alpha',
      'zeta',
    ]);
    expect(accessSummary({ access: { download: true, notes: true, previews: 'clean', extra: true } })).toEqual({
      on: 3,
      of: 16,
    });
  });
  it('keeps an unknown previews value as a choice', () => {
    expect(previewChoices('watermarked').map((c) => c.value)).toEqual(['watermarked', 'clean', 'none']);
    expect(previewChoices('hd-only').map((c) => c.value)).toContain('hd-only');
  });
});

describe('lists as text', () => {
  it('round-trips string lists and refuses lists of other things', () => {
    expect(listToText(['JP', 'KR'])).toBe('JP, KR');
    expect(listToText(undefined)).toBe('');
    expect(listToText([{ code: 'JP' }])).toBeUndefined();
    expect(textToList(' JP, kr  FR,JP ;')).toEqual(['JP', 'kr', 'FR']);
    expect(textToList('')).toEqual([]);
  });
  it('flags values that do not look like codes', () => {
    expect(oddCodes(['ja-JP', 'FR', 'x y', 'ü'])).toEqual(['x y', 'ü']);
  });
});
