/** Changes between two versions of a share's editable fields, in words (for the save bar and the 409 panel). */
import { formatDateTime } from '../../../lib/dates';
import { ACCESS_FLAGS, SOURCE_KINDS, type Permission } from '../../../api/schema/permission';
import { deepEqual, diffRecipients, type ShareDraft, type ShareUser } from './draft';
import { accessFlagLabel } from '../../../api/schema/permission';
import { SOURCE_TEXT } from './permissions';
import { describeUnknown } from '../../../lib/format';

/** A person by name or e-mail; never their id (docs/API.md "Names"). */
export function recipientName(u: ShareUser | undefined): string {
  return u?.name || u?.emailNormal || 'Unknown person';
}

/** A group's name, or undefined while unknown (lib/useRecordNames.ts). */
export type GroupName = (id: string) => string | undefined;

/** Groups in words: their names, "a group not in your list" for the others; never an id. */
function describeGroups(groups: unknown, groupName: GroupName): string {
  if (!Array.isArray(groups) || groups.length === 0) return 'none';
  return groups.map((g) => (typeof g === 'string' ? groupName(g) : undefined) ?? 'a group not in your list').join(', ');
}

function describeValue(v: unknown): string {
  if (v === true) return 'on';
  if (v === false) return 'off';
  if (v === undefined || v === '') return 'not set';
  if (Array.isArray(v)) return v.length ? v.map(String).join(', ') : 'none';
  return describeUnknown(v);
}

export function describePermissionChanges(
  before: Permission | undefined,
  after: Permission,
  groupName: GroupName = () => undefined,
): string[] {
  const out: string[] = [];
  const a0 = (before?.access ?? {}) as Record<string, unknown>;
  const a1 = (after.access ?? {}) as Record<string, unknown>;
  const keys = new Set<string>([...ACCESS_FLAGS, ...Object.keys(a0), ...Object.keys(a1)]);
  for (const key of keys) {
    if (deepEqual(a0[key], a1[key])) continue;
    const label = key === 'previews' ? 'Previews' : accessFlagLabel(key);
    out.push(
      `${label} ${key === 'previews' ? `set to ${describeValue(a1[key])}` : a1[key] === true ? 'switched on' : 'switched off'}`,
    );
  }
  for (const kind of SOURCE_KINDS) {
    const s0 = (before?.sources?.[kind] ?? {}) as Record<string, unknown>;
    const s1 = (after.sources?.[kind] ?? {}) as Record<string, unknown>;
    for (const field of ['ov', 'countries', 'languages']) {
      if (!deepEqual(s0[field], s1[field])) {
        const what = field === 'ov' ? 'original version' : field;
        out.push(`${SOURCE_TEXT[kind].label} ${what}: ${describeValue(s1[field])}`);
      }
    }
  }
  for (const key of ['manageWorkRequests', 'adminWorkRequests'] as const) {
    if (!deepEqual(before?.sources?.[key]?.groups, after.sources?.[key]?.groups)) {
      out.push(
        `${key === 'manageWorkRequests' ? 'Managing' : 'Administering'} groups: ${describeGroups(after.sources?.[key]?.groups, groupName)}`,
      );
    }
  }
  if (before?.approved !== after.approved) out.push(`Approved ${after.approved ? 'on' : 'off'}`);
  if (out.length === 0 && !deepEqual(before, after)) out.push('Other details changed');
  return out;
}

/** "Notes changed", "Kenji Mori added", "Hannah Weiss: Download switched on", … */
export function describeDraftChanges(
  before: ShareDraft,
  after: ShareDraft,
  groupName: GroupName = () => undefined,
): string[] {
  const out: string[] = [];
  if (before.notes !== after.notes) out.push('Notes changed');
  if (before.approved !== after.approved) out.push(after.approved ? 'Marked approved' : 'Marked not approved');
  if (before.feedbackEnabled !== after.feedbackEnabled)
    out.push(after.feedbackEnabled ? 'Feedback switched on' : 'Feedback switched off');
  if (after.expires !== undefined && after.expires !== before.expires)
    out.push(`Ends ${formatDateTime(after.expires)}`);
  const { added, removed } = diffRecipients(before.to, after.to);
  for (const u of added) out.push(`${recipientName(u)} added`);
  for (const u of removed) out.push(`${recipientName(u)} removed`);
  const people = [...after.to, ...before.to];
  const nameOf = (userId: string | undefined) =>
    recipientName(people.find((u) => u._id && u._id === userId) ?? (userId ? { _id: userId } : undefined));
  const addedIds = new Set(added.map((u) => u._id));
  const removedIds = new Set(removed.map((u) => u._id));
  after.permissions.forEach((p) => {
    if (p.user && addedIds.has(p.user)) return;
    const prev = before.permissions.find((q) => (p._id ? q._id === p._id : q.user === p.user));
    if (!prev) {
      out.push(`Permissions added for ${nameOf(p.user)}`);
      return;
    }
    for (const change of describePermissionChanges(prev, p, groupName)) out.push(`${nameOf(p.user)}: ${change}`);
  });
  before.permissions.forEach((q) => {
    if (q.user && removedIds.has(q.user)) return;
    if (!after.permissions.some((p) => (q._id ? p._id === q._id : p.user === q.user)))
      out.push(`Permissions removed for ${nameOf(q.user)}`);
  });
  return out;
}
