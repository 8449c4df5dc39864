/**
 * How a Permission record reads to people: the spec's `access` flags grouped and labelled in plain words (the
 * labels are the schema's ACCESS_FLAG_TEXT; no code is shown), the `sources` scopes, and the work-request groups. Pure, no React.
 */
import {
  ACCESS_FLAGS,
  ACCESS_FLAG_TEXT,
  type SOURCE_KINDS,
  type AccessFlag,
  type Permission,
} from '../../../api/schema/permission';

export interface FlagInfo {
  /** The key exactly as the spec spells it (`manageWorkRequsts` included). */
  key: AccessFlag;
  label: string;
  help: string;
}

export interface FlagGroup {
  id: string;
  title: string;
  flags: FlagInfo[];
}

const GROUPS: [id: string, title: string, keys: AccessFlag[]][] = [
  ['assets', 'Assets', ['download', 'push', 'sharing', 'notes', 'shareVotingView']],
  ['work', 'Work requests', ['requests', 'manageWorkRequsts', 'adminWorkRequests']],
  ['project', 'Project administration', ['projectAdminView', 'projectAdminUpdate', 'projectAdminEmbargos']],
  ['reports', 'Reports', ['workRequestReport', 'downloadReport', 'exceptionReport', 'groupSpendingReport']],
];

export const FLAG_GROUPS: FlagGroup[] = GROUPS.map(([id, title, keys]) => ({
  id,
  title,
  flags: keys.map((key) => ({ key, ...ACCESS_FLAG_TEXT[key] })),
}));

/** Boolean members of `access` the spec does not list (a newer deployment): shown and kept, labelled by key. */
export function extraAccessFlags(access: Record<string, unknown> | undefined): string[] {
  if (!access) return [];
  const known = new Set<string>([...ACCESS_FLAGS, 'previews']);
  return Object.keys(access)
    .filter((k) => !known.has(k) && typeof access[k] === 'boolean')
    .sort();
}

/** Values of `access.previews` seen in practice; any other string is kept and offered as it is. */
export const PREVIEW_CHOICES: { value: string; label: string }[] = [
  { value: 'watermarked', label: 'Watermarked previews' },
  { value: 'clean', label: 'Clean previews (no watermark)' },
  { value: 'none', label: 'No previews' },
];

export function previewChoices(current: string | undefined): { value: string; label: string }[] {
  if (current === undefined || PREVIEW_CHOICES.some((c) => c.value === current)) return PREVIEW_CHOICES;
  return [
    ...PREVIEW_CHOICES,
    { value: current, label: current === '' ? 'Not set' : `“${current}” (as the record has it)` },
  ];
}

export type SourceKind = (typeof SOURCE_KINDS)[number];

export const SOURCE_TEXT: Record<SourceKind, { label: string; help: string }> = {
  download: { label: 'Downloads', help: 'Which versions they may download.' },
  previews: { label: 'Previews', help: 'Which versions they may watch as previews.' },
  requests: { label: 'Work requests', help: 'For which languages and countries they may order work.' },
  social: { label: 'Social', help: 'Which versions they may use on social media.' },
};

export const GROUP_SOURCES = [
  { key: 'manageWorkRequests', label: 'Groups that manage work requests' },
  { key: 'adminWorkRequests', label: 'Groups that administer work requests' },
] as const;
export type GroupSourceKey = (typeof GROUP_SOURCES)[number]['key'];

/** Number of boolean access flags switched on, and how many there are. */
export function accessSummary(permission: Permission): { on: number; of: number } {
  const access = (permission.access ?? {}) as Record<string, unknown>;
  const keys = [...ACCESS_FLAGS, ...extraAccessFlags(access)];
  return { on: keys.filter((k) => access[k] === true).length, of: keys.length };
}

/** A list the spec leaves untyped, as editable text when every item is a string; undefined when it is not. */
export function listToText(list: readonly unknown[] | undefined): string | undefined {
  if (!list) return '';
  if (!list.every((v) => typeof v === 'string')) return undefined;
  return list.join(', ');
}

/** "JP, kr  FR,JP" -> ["JP", "kr", "FR"]: split on commas and spaces, trimmed, duplicates dropped. */
export function textToList(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const v = part.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

/** Items that do not look like codes (letters, digits, `-` and `_`): a hint, not a block. */
export function oddCodes(list: readonly string[]): string[] {
  return list.filter((v) => !/^[A-Za-z0-9][A-Za-z0-9_-]{0,34}$/.test(v));
}
