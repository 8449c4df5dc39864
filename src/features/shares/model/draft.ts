/**
 * The editable part of a share, and the PUT body built from it. Pure, no React.
 *
 * docs/API.md: `PUT /shares/{id}` merges the body's top-level fields into the stored share and replaces
 * `permissions` as a whole list. So the body carries only the fields the user changed; everything else,
 * including fields this app cannot read, stays as the server has it. Inside the fields it does send
 * (`to` entries, `feedback`, each Permission record) unknown members are carried over untouched.
 */
import type { Permission } from '../../../api/schema/permission';
import type { Share } from '../../../api/schema/share';
import { ACCESS_FLAGS } from '../../../api/schema/permission';
import { stripComputed } from '../../../api/schema/computed';

export type ShareUser = NonNullable<Share['to']>[number];

export interface ShareDraft {
  notes: string;
  approved: boolean;
  feedbackEnabled: boolean;
  /** When the share ends (epoch seconds); undefined: it has no end. */
  expires: number | undefined;
  to: ShareUser[];
  permissions: Permission[];
}

export type DraftField = 'notes' | 'approved' | 'feedback' | 'expires' | 'to' | 'permissions';

export const NOTES_MAX = 20000;

export function draftFrom(share: Share): ShareDraft {
  return {
    notes: share.notes ?? '',
    approved: share.approved ?? false,
    feedbackEnabled: share.feedback?.enabled ?? false,
    expires: share.expires,
    to: stripComputed(share.to ?? []),
    permissions: stripComputed(share.permissions ?? []),
  };
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => deepEqual(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!deepEqual(ao[k], bo[k])) return false;
  return true;
}

/** The fields where `draft` differs from `base` (what a save would write). */
export function changedFields(base: ShareDraft, draft: ShareDraft): DraftField[] {
  const out: DraftField[] = [];
  if (draft.notes !== base.notes) out.push('notes');
  if (draft.approved !== base.approved) out.push('approved');
  if (draft.feedbackEnabled !== base.feedbackEnabled) out.push('feedback');
  // A share's end is set or moved, never taken away here (the body has no "no end").
  if (draft.expires !== undefined && draft.expires !== base.expires) out.push('expires');
  if (!deepEqual(draft.to, base.to)) out.push('to');
  if (!deepEqual(draft.permissions, base.permissions)) out.push('permissions');
  return out;
}

/** The PUT body: `_id` and the changed fields, each built from the record so unknown members survive. */
export function buildPutBody(share: Share, draft: ShareDraft): Share {
  const base = draftFrom(share);
  const body: Share = { _id: share._id };
  for (const field of changedFields(base, draft)) {
    switch (field) {
      case 'notes':
        body.notes = draft.notes;
        break;
      case 'approved':
        body.approved = draft.approved;
        break;
      case 'feedback':
        body.feedback = { ...stripComputed(share.feedback ?? {}), enabled: draft.feedbackEnabled };
        break;
      case 'expires':
        body.expires = draft.expires;
        break;
      case 'to':
        body.to = draft.to;
        break;
      case 'permissions':
        body.permissions = draft.permissions;
        break;
    }
  }
  return body;
}

export interface DraftProblem {
  field: DraftField;
  message: string;
}

/** What blocks a save. */
export function validateDraft(draft: ShareDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.notes.length > NOTES_MAX) {
    problems.push({
      field: 'notes',
      message: `Notes are ${draft.notes.length - NOTES_MAX} characters too long (at most ${NOTES_MAX}).`,
    });
  }
  return problems;
}

// ------------------------------------------------------------------------------------------ recipients

/** Identity of a recipient: the user id, or the e-mail when there is no id (typed in by hand). */
export function recipientKey(user: ShareUser): string {
  if (user._id) return `id:${user._id}`;
  return `email:${(user.emailNormal ?? '').trim().toLowerCase()}`;
}

export function isRecipient(draft: ShareDraft, user: ShareUser): boolean {
  const key = recipientKey(user);
  const email = user.emailNormal?.trim().toLowerCase();
  return draft.to.some((u) => recipientKey(u) === key || (!!email && u.emailNormal?.trim().toLowerCase() === email));
}

export function diffRecipients(
  before: readonly ShareUser[],
  after: readonly ShareUser[],
): { added: ShareUser[]; removed: ShareUser[] } {
  const beforeKeys = new Set(before.map(recipientKey));
  const afterKeys = new Set(after.map(recipientKey));
  return {
    added: after.filter((u) => !beforeKeys.has(recipientKey(u))),
    removed: before.filter((u) => !afterKeys.has(recipientKey(u))),
  };
}

/** A Permission for a new recipient: the share's assets, project, tags and types; notes and watermarked previews only. */
export function newPermissionFor(userId: string, share: Share, shareApproved: boolean): Permission {
  const access: Record<string, boolean | string> = {};
  for (const k of ACCESS_FLAGS) access[k] = false;
  access.notes = true;
  access.previews = 'watermarked';
  const scope = () => ({ ov: false, countries: [], languages: [] });
  const assets = share.assets ?? [];
  const template = share.permissions?.find((p) => p.project);
  const types = [...new Set(assets.map((a) => a.type).filter((t): t is string => !!t))];
  const project = template?.project ?? assets.find((a) => a.project)?.project;
  return {
    sources: {
      download: scope(),
      previews: scope(),
      requests: scope(),
      social: scope(),
      manageWorkRequests: { groups: [] },
      adminWorkRequests: { groups: [] },
    },
    approved: shareApproved,
    ...(project ? { project } : {}),
    assets: assets.map((a) => a._id).filter((id): id is string => !!id),
    tags: share.tags ?? [],
    types,
    access,
    user: userId,
    ...(share._id ? { share: share._id } : {}),
  };
}

/**
 * Adds a recipient and, when they have an account id, their Permission record: the one the saved share had
 * (removed and added back before saving), or a new one.
 */
export function addRecipient(draft: ShareDraft, user: ShareUser, share: Share): ShareDraft {
  if (isRecipient(draft, user)) return draft;
  const to = [...draft.to, user];
  if (!user._id || draft.permissions.some((p) => p.user === user._id)) return { ...draft, to };
  const saved = stripComputed(share.permissions ?? []).find((p) => p.user === user._id);
  return {
    ...draft,
    to,
    permissions: [...draft.permissions, saved ?? newPermissionFor(user._id, share, draft.approved)],
  };
}

/** Removes a recipient and their Permission records (a share's permissions are per recipient). */
export function removeRecipient(draft: ShareDraft, user: ShareUser): ShareDraft {
  const key = recipientKey(user);
  return {
    ...draft,
    to: draft.to.filter((u) => recipientKey(u) !== key),
    permissions: user._id ? draft.permissions.filter((p) => p.user !== user._id) : draft.permissions,
  };
}

export function replacePermission(draft: ShareDraft, index: number, next: Permission): ShareDraft {
  return { ...draft, permissions: draft.permissions.map((p, i) => (i === index ? next : p)) };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A recipient typed in by e-mail (when the user list is not available): an error message, or the summary. */
export function recipientFromEmail(text: string): { user: ShareUser } | { error: string } {
  const email = text.trim().toLowerCase();
  if (!email) return { error: 'Type an e-mail address.' };
  if (!EMAIL.test(email)) return { error: `“${text.trim()}” is not an e-mail address.` };
  return { user: { emailNormal: email } };
}
