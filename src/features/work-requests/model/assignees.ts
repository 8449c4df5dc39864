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
  /** Their work, when the server tells it: open orders, due within the week, on the project, language codes. */
  work?: { open: number; dueThisWeek: number; onProject?: number | undefined; languages: string[] } | undefined;
}

export function assigneeOption(user: AssignableUser & { _id: string }): AssigneeOption {
  const vendors =
    user.$vendors?.flatMap((v) => (v.name ? [v.name] : [])) ??
    user.groups?.flatMap((g) => (g.type === 'translator' && g.name ? [g.name] : [])) ??
    [];
  const work = user.$work;
  return {
    _id: user._id,
    name: user.name || user.emailNormal || user._id,
    email: user.emailNormal ?? '',
    vendor: vendors.join(', '),
    work: work && {
      open: work.open ?? 0,
      dueThisWeek: work.dueThisWeek ?? 0,
      onProject: work.onProject,
      languages: (work.languages ?? []).flatMap((l) => (l.code ? [l.code] : [])),
    },
  };
}

/** Whether they have worked in `language` (a code such as fr-FR), as far as their recent orders tell. */
export function hasWorkedIn(option: AssigneeOption, language: string): boolean {
  return option.work?.languages.includes(language) ?? false;
}

/** "fr-FR, de-DE · 3 open · 1 due this week · 2 on this project": what a coordinator weighs, in a line. */
export function workLine(option: AssigneeOption): string {
  const w = option.work;
  if (!w) return '';
  const parts = [
    w.languages.length ? w.languages.slice(0, 4).join(', ') + (w.languages.length > 4 ? ', …' : '') : 'No orders yet',
    `${w.open} open`,
    ...(w.dueThisWeek ? [`${w.dueThisWeek} due this week`] : []),
    ...(w.onProject ? [`${w.onProject} on this project`] : []),
  ];
  return parts.join(' · ');
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
