import { describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './drafts';

function memoryStorage(failWrites = false) {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (failWrites) throw new Error('QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('drafts kept in the browser', () => {
  it('saves, loads and clears a draft per translation', () => {
    const s = memoryStorage();
    expect(
      saveDraft(s, { translationId: 't1', baseEtag: 'W/"t1-3"', lines: [{ number: 1, text: 'x' }], savedAt: 5 }),
    ).toBe(true);
    expect(loadDraft(s, 't1')).toEqual({
      translationId: 't1',
      baseEtag: 'W/"t1-3"',
      lines: [{ number: 1, text: 'x' }],
      savedAt: 5,
    });
    expect(loadDraft(s, 't2')).toBeUndefined();
    clearDraft(s, 't1');
    expect(loadDraft(s, 't1')).toBeUndefined();
  });

  it('survives a full or broken storage', () => {
    expect(saveDraft(memoryStorage(true), { translationId: 't', baseEtag: undefined, lines: [], savedAt: 1 })).toBe(
      false,
    );
    const s = memoryStorage();
    s.setItem('mws.translation-draft.t', '{not json');
    expect(loadDraft(s, 't')).toBeUndefined();
    expect(saveDraft(undefined, { translationId: 't', baseEtag: undefined, lines: [], savedAt: 1 })).toBe(false);
  });
});
