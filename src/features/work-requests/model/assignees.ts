/**
 * The people an order may be assigned to, as the assignee picker shows them: the name (else the e-mail), the
 * vendor(s) they work for, and the type-ahead match (every typed word starts a word of the name, the e-mail or the
 * vendor, accents and case ignored).
 */
import type { AssignableUser } from '../../../api/schema/user';

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

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether an option matches what was typed: each typed word starts a word of its name, e-mail or vendor. */
export function matchesTyped(option: AssigneeOption, typed: string): boolean {
  const words = fold(typed)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${option.name} ${option.email} ${option.vendor}`)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((w) => haystack.some((h) => h.startsWith(w)));
}
