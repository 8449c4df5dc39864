import { describe, expect, it } from 'vitest';
import type { Share } from '../../../api/schema/share';
import {
  addRecipient,
  buildPutBody,
  changedFields,
  diffRecipients,
  draftFrom,
  recipientFromEmail,
  removeRecipient,
  replacePermission,
  validateDraft,
  NOTES_MAX,
} from './draft';

const share: Share = {
  _id: 's1',
  created: 1,
  from: { _id: 'u0', name: 'Cora', emailNormal: 'cora@x.test', $links: { self: '//h/api/Users/u0' } },
  to: [{ _id: 'u1', name: 'Kenji', emailNormal: 'kenji@x.test', $links: { self: '//h/api/Users/u1' } }],
  notes: 'hello',
  approved: true,
  feedback: { enabled: false, mode: 'stars' },
  assets: [
    { _id: 'a1', project: 'p1', type: 'trailer' },
    { _id: 'a2', project: 'p1', type: 'poster' },
  ],
  tags: [['trailer', 'final']],
  permissions: [
    {
      _id: 'perm1',
      user: 'u1',
      share: 's1',
      access: { download: true, previews: 'clean' },
      sources: { download: { ov: true, countries: ['JP'], languages: ['ja-JP'], weight: 3 } },
      custom: { keep: true },
      $links: { self: '//h/api/Permissions/perm1' },
    },
  ],
  questions: [{ _id: 'q1', type: 'yesno', text: 'Like it?' }],
  futureField: 42,
};

describe('draft and PUT body', () => {
  it('starts unchanged and sends only _id when nothing changed', () => {
    const d = draftFrom(share);
    expect(changedFields(draftFrom(share), d)).toEqual([]);
    expect(buildPutBody(share, d)).toEqual({ _id: 's1' });
    expect(JSON.stringify(d)).not.toContain('$links');
  });
  it("sends a share's new end (extended, brought forward or now) and never takes an end away", () => {
    const d = draftFrom({ ...share, expires: 2_000_000_000 });
    expect(changedFields(draftFrom({ ...share, expires: 2_000_000_000 }), { ...d, expires: 2_100_000_000 })).toEqual([
      'expires',
    ]);
    expect(buildPutBody({ ...share, expires: 2_000_000_000 }, { ...d, expires: 1_900_000_000 })).toEqual({
      _id: 's1',
      expires: 1_900_000_000,
    });
    expect(changedFields(draftFrom({ ...share, expires: 2_000_000_000 }), { ...d, expires: undefined })).toEqual([]);
  });
  it('sends the changed fields and keeps unknown members inside them', () => {
    const d = draftFrom(share);
    const p = d.permissions[0]!;
    const next = replacePermission({ ...d, notes: 'new notes', feedbackEnabled: true }, 0, {
      ...p,
      access: { ...p.access, download: false, sharing: true },
    });
    expect(changedFields(draftFrom(share), next)).toEqual(['notes', 'feedback', 'permissions']);
    const body = buildPutBody(share, next) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['_id', 'feedback', 'notes', 'permissions']);
    expect(body.feedback).toEqual({ enabled: true, mode: 'stars' });
    const perm = (body.permissions as Record<string, unknown>[])[0]!;
    expect(perm.custom).toEqual({ keep: true });
    expect((perm.sources as Record<string, Record<string, unknown>>).download!.weight).toBe(3);
    expect(perm.access).toEqual({ download: false, previews: 'clean', sharing: true });
    expect(perm._id).toBe('perm1');
    expect(JSON.stringify(body)).not.toContain('$links');
    // Fields not changed (questions, futureField, assets) are left to the server's merge.
    expect(body.questions).toBeUndefined();
    expect(body.futureField).toBeUndefined();
  });
  it('validates the notes length', () => {
    const d = draftFrom(share);
    expect(validateDraft(d)).toEqual([]);
    expect(validateDraft({ ...d, notes: 'x'.repeat(NOTES_MAX + 1) })[0]?.field).toBe('notes');
  });
});

describe('recipients', () => {
  it('adds a recipient with a new permission for the share, and removes them with it', () => {
    const d = draftFrom(share);
    const added = addRecipient(d, { _id: 'u2', name: 'Hannah', emailNormal: 'hannah@x.test' }, share);
    expect(added.to.map((u) => u._id)).toEqual(['u1', 'u2']);
    const perm = added.permissions.find((p) => p.user === 'u2')!;
    expect(perm.assets).toEqual(['a1', 'a2']);
    expect(perm.project).toBe('p1');
    expect(perm.types).toEqual(['trailer', 'poster']);
    expect(perm.access?.notes).toBe(true);
    expect(perm.access?.download).toBe(false);
    expect(perm.access?.manageWorkRequsts).toBe(false);
    expect(perm.share).toBe('s1');
    expect(addRecipient(added, { _id: 'u2' }, share)).toBe(added);
    const removed = removeRecipient(added, { _id: 'u2' });
    expect(removed.to.map((u) => u._id)).toEqual(['u1']);
    expect(removed.permissions.map((p) => p.user)).toEqual(['u1']);
  });
  it('gives back the saved permission when a removed recipient is added again', () => {
    const d = draftFrom(share);
    const again = addRecipient(removeRecipient(d, d.to[0]!), d.to[0]!, share);
    expect(again.permissions).toEqual(d.permissions);
    expect(changedFields(d, again)).toEqual([]);
  });
  it('diffs recipients by id, or by e-mail without one', () => {
    const before = [{ _id: 'u1' }, { emailNormal: 'a@b.test' }];
    const after = [{ emailNormal: 'A@b.test ' }, { _id: 'u3' }];
    const diff = diffRecipients(before, after);
    expect(diff.added).toEqual([{ _id: 'u3' }]);
    expect(diff.removed).toEqual([{ _id: 'u1' }]);
  });
  it('accepts typed e-mail addresses only', () => {
    expect(recipientFromEmail(' Ana@Example.test ')).toEqual({ user: { emailNormal: 'ana@example.test' } });
    expect(recipientFromEmail('nope')).toHaveProperty('error');
    expect(recipientFromEmail('')).toHaveProperty('error');
  });
});
