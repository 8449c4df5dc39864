/**
 * The people an order may be assigned to, as the assignee picker shows them: the name (else the e-mail), the
 * vendor(s) they work for, and the type-ahead match (every typed word starts a word of the name, the e-mail or the
 * vendor, accents and case ignored).
 */
import type { AssignableUser } from '../../../api/schema/user';
import { foldText } from '../../../lib/foldText';

/** The value an assignee control holds: a person (name as known), or null for unassigned. */
export type AssigneeValue = { _id: string; name?: string | undefined } | null;

export interface AssigneeOption {
  _id: string;
  name: string;
  email: string;
  /** "Lumen Subtitling" (several joined by commas); empty when the server names none. */
  vendor: string;
}

export function assigneeOption(user: AssignableUser & { _id: string }): AssigneeOption {
  const vendors =
    user.$vendors?.flatMap((v) => (v.name ? [v.name] : [])) ??
    user.groups?.flatMap((g) => (g.type === 'translator' && g.name ? [g.name] : [])) ??
    [];
  return {
    _id: user._id,
    name: user.name || user.emailNormal || user._id,
    email: user.emailNormal ?? '',
    vendor: vendors.join(', '),
  };
}

/** Whether an option matches what was typed: each typed word starts a word of its name, e-mail or vendor. */
export function matchesTyped(option: AssigneeOption, typed: string): boolean {
  const words = foldText(typed)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(`${option.name} ${option.email} ${option.vendor}`)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((w) => haystack.some((h) => h.startsWith(w)));
}

/** The assignee a work request shows: its translation's translator (else its graphics translation's), or null. */
export function assigneeOfRecord(wr: {
  translation?: { translator?: { _id?: string | undefined; name?: string | undefined } | undefined } | undefined;
  graphicsTranslation?:
    { translator?: { _id?: string | undefined; name?: string | undefined } | undefined } | undefined;
}): AssigneeValue {
  const t = wr.translation?.translator ?? wr.graphicsTranslation?.translator;
  return t?._id ? { _id: t._id, name: t.name } : null;
}

/** "Assigned to Margaux Lefèvre." / "Unassigned." — what the page announces after a change. */
export function assignmentMessage(value: AssigneeValue): string {
  return value ? `Assigned to ${value.name ?? 'the chosen person'}.` : 'Unassigned.';
}
