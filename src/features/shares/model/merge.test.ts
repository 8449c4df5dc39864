import { describe, expect, it } from 'vitest';
import type { ShareDraft } from './draft';
import { merge3, rebaseDraft } from './merge';
import { describeDraftChanges } from './describe';

const base: ShareDraft = {
  notes: 'base',
  approved: false,
  feedbackEnabled: false,
  expires: undefined,
  to: [
    { _id: 'u1', name: 'Kenji' },
    { _id: 'u2', name: 'Hannah' },
  ],
  permissions: [
    { _id: 'p1', user: 'u1', access: { download: false, notes: true, previews: 'watermarked' } },
    { _id: 'p2', user: 'u2', access: { download: false, notes: true } },
  ],
};

describe('merge3', () => {
  it('takes the side that changed, and mine where both did', () => {
    const c: string[] = [];
    expect(merge3({ a: 1, b: 1 }, { a: 2, b: 1 }, { a: 1, b: 3 }, '', c)).toEqual({ a: 2, b: 3 });
    expect(c).toEqual([]);
    expect(merge3({ a: 1 }, { a: 2 }, { a: 3 }, '', c)).toEqual({ a: 2 });
    expect(c).toEqual(['a']);
  });
});

describe('rebaseDraft', () => {
  it('re-applies my edits onto their version', () => {
    const mine: ShareDraft = {
      ...base,
      notes: 'mine',
      to: [...base.to, { _id: 'u3', name: 'Chloé' }],
      permissions: [
        { ...base.permissions[0]!, access: { ...base.permissions[0]!.access, download: true } },
        base.permissions[1]!,
        { user: 'u3', access: { notes: true } },
      ],
    };
    const theirs: ShareDraft = {
      ...base,
      approved: true,
      to: [base.to[0]!],
      permissions: [{ ...base.permissions[0]!, access: { ...base.permissions[0]!.access, previews: 'clean' } }],
    };
    const { draft, conflicts } = rebaseDraft(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(draft.notes).toBe('mine');
    expect(draft.approved).toBe(true);
    expect(draft.to.map((u) => u._id)).toEqual(['u1', 'u3']);
    expect(draft.permissions).toEqual([
      { _id: 'p1', user: 'u1', access: { download: true, notes: true, previews: 'clean' } },
      { user: 'u3', access: { notes: true } },
    ]);
  });
  it('reports where both changed the same thing, keeping mine', () => {
    const mine = {
      ...base,
      notes: 'mine',
      permissions: [
        { ...base.permissions[0]!, access: { ...base.permissions[0]!.access, download: true } },
        base.permissions[1]!,
      ],
    };
    const theirs = {
      ...base,
      notes: 'theirs',
      permissions: [
        { ...base.permissions[0]!, access: { ...base.permissions[0]!.access, download: false, notes: false } },
        base.permissions[1]!,
      ],
    };
    theirs.permissions[0]!.access!.download = false;
    const t2 = {
      ...theirs,
      permissions: [
        { ...theirs.permissions[0]!, access: { download: false, notes: false, previews: 'none' } },
        base.permissions[1]!,
      ],
    };
    const m2 = {
      ...mine,
      permissions: [
        { ...mine.permissions[0]!, access: { download: true, notes: true, previews: 'clean' } },
        base.permissions[1]!,
      ],
    };
    const { draft, conflicts } = rebaseDraft(base, m2, t2);
    expect(draft.notes).toBe('mine');
    expect(draft.permissions[0]!.access).toEqual({ download: true, notes: false, previews: 'clean' });
    expect(conflicts).toEqual(['notes', 'permissions of Kenji: access.previews']);
  });
  it('keeps their version when I changed nothing', () => {
    const theirs = { ...base, notes: 'theirs' };
    expect(rebaseDraft(base, base, theirs)).toEqual({ draft: theirs, conflicts: [] });
  });
});

describe('describeDraftChanges', () => {
  it('says what changed in words', () => {
    const after: ShareDraft = {
      ...base,
      notes: 'x',
      feedbackEnabled: true,
      to: [base.to[0]!, { _id: 'u3', name: 'Chloé' }],
      permissions: [
        {
          ...base.permissions[0]!,
          access: { ...base.permissions[0]!.access, download: true, manageWorkRequsts: true, previews: 'clean' },
        },
        { user: 'u3', access: {} },
      ],
    };
    expect(describeDraftChanges(base, after)).toEqual([
      'Notes changed',
      'Feedback switched on',
      'Chloé added',
      'Hannah removed',
      'Kenji: Download switched on',
      'Kenji: Manage work requests switched on',
      'Kenji: Previews set to clean',
    ]);
  });

  it('names groups, never their ids; a group not in the list is said so', () => {
    const after: ShareDraft = {
      ...base,
      permissions: [
        {
          ...base.permissions[0]!,
          sources: { manageWorkRequests: { groups: ['g1', 'ffffffffffffffffffffff01'] } },
        },
        ...base.permissions.slice(1),
      ],
    };
    const names = new Map([['g1', 'Lumen Subtitling']]);
    expect(describeDraftChanges(base, after, (id) => names.get(id))).toEqual([
      'Kenji: Managing groups: Lumen Subtitling, a group not in your list',
    ]);
  });
});
