/**
 * After a 409: re-apply the user's unsaved edits onto the version someone else saved. A three-way merge of
 * drafts (what the edit started from, mine, theirs): a field only I changed takes mine, a field only they
 * changed takes theirs, and where both changed the same value differently mine is kept and the place is
 * reported, so the user reviews it before saving again. Recipients merge as sets; permissions per record
 * (by `_id`, else by user) and, inside a record, per flag and per source.
 */
import type { Permission } from '../../../api/schema/permission';
import { deepEqual, recipientKey, type ShareDraft, type ShareUser } from './draft';

export interface Rebased {
  draft: ShareDraft;
  /** Places both sides changed differently (mine kept), in words. */
  conflicts: string[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Three-way merge of JSON values; lists are values of their own (no merge inside). */
export function merge3(base: unknown, mine: unknown, theirs: unknown, path: string, conflicts: string[]): unknown {
  if (deepEqual(mine, base)) return theirs;
  if (deepEqual(theirs, base) || deepEqual(mine, theirs)) return mine;
  if (isPlainObject(mine) && isPlainObject(theirs)) {
    const b = isPlainObject(base) ? base : {};
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const v = merge3(b[key], mine[key], theirs[key], path ? `${path}.${key}` : key, conflicts);
      if (v !== undefined) out[key] = v;
    }
    return out;
  }
  conflicts.push(path);
  return mine;
}

export function permissionKey(p: Permission, index: number): string {
  return p._id ? `id:${p._id}` : p.user ? `user:${p.user}` : `index:${index}`;
}

function byKey(list: Permission[]): Map<string, Permission> {
  return new Map(list.map((p, i) => [permissionKey(p, i), p]));
}

function mergeRecipients(base: ShareUser[], mine: ShareUser[], theirs: ShareUser[]): ShareUser[] {
  const baseKeys = new Set(base.map(recipientKey));
  const mineKeys = new Set(mine.map(recipientKey));
  const removedByMe = new Set([...baseKeys].filter((k) => !mineKeys.has(k)));
  const out = theirs.filter((u) => !removedByMe.has(recipientKey(u)));
  const outKeys = new Set(out.map(recipientKey));
  for (const u of mine) if (!baseKeys.has(recipientKey(u)) && !outKeys.has(recipientKey(u))) out.push(u);
  return out;
}

function mergePermissions(
  base: Permission[],
  mine: Permission[],
  theirs: Permission[],
  who: (p: Permission) => string,
  conflicts: string[],
): Permission[] {
  const b = byKey(base);
  const m = byKey(mine);
  const out: Permission[] = [];
  const seen = new Set<string>();
  theirs.forEach((tp, i) => {
    const key = permissionKey(tp, i);
    seen.add(key);
    const bp = b.get(key);
    const mp = m.get(key);
    if (bp && !mp) {
      // I removed it (with its recipient).
      if (!deepEqual(bp, tp)) conflicts.push(`permissions of ${who(tp)} (you removed them; they changed them)`);
      return;
    }
    if (!mp) {
      out.push(tp);
      return;
    }
    const c: string[] = [];
    out.push(merge3(bp ?? {}, mp, tp, '', c) as Permission);
    for (const path of c) conflicts.push(`permissions of ${who(tp)}: ${path}`);
  });
  mine.forEach((mp, i) => {
    const key = permissionKey(mp, i);
    if (seen.has(key)) return;
    const bp = b.get(key);
    if (!bp) {
      out.push(mp);
      return;
    }
    // They removed it; keep mine only when I changed it.
    if (!deepEqual(bp, mp)) {
      conflicts.push(`permissions of ${who(mp)} (they removed them; you changed them)`);
      out.push(mp);
    }
  });
  return out;
}

export function rebaseDraft(base: ShareDraft, mine: ShareDraft, theirs: ShareDraft): Rebased {
  const conflicts: string[] = [];
  const scalar = <T>(b: T, m: T, t: T, label: string): T => {
    if (m === b) return t;
    if (t !== b && t !== m) conflicts.push(label);
    return m;
  };
  const people = [...theirs.to, ...mine.to, ...base.to];
  const who = (p: Permission) => {
    const u = people.find((x) => x._id && x._id === p.user);
    return u?.name || u?.emailNormal || p.user || 'a recipient';
  };
  const notes = scalar(base.notes, mine.notes, theirs.notes, 'notes');
  const approved = scalar(base.approved, mine.approved, theirs.approved, 'approval');
  const feedbackEnabled = scalar(base.feedbackEnabled, mine.feedbackEnabled, theirs.feedbackEnabled, 'feedback');
  const expires = scalar(base.expires, mine.expires, theirs.expires, 'the end of the share');
  const to = mergeRecipients(base.to, mine.to, theirs.to);
  const permissions = mergePermissions(base.permissions, mine.permissions, theirs.permissions, who, conflicts);
  return { draft: { notes, approved, feedbackEnabled, expires, to, permissions }, conflicts };
}
