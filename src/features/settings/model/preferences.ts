/**
 * The settings form's model: a draft read from the user's record and `preferences` exactly as the server sent
 * them, the validation, and the body written back. Unknown keys and values are kept: the preferences object is
 * sent whole (PUT /users/{id} replaces top-level fields), with only the fields the form edits changed.
 * No React.
 */
import { MAIL_PREFERENCE_KEYS, type MailPreferenceKey } from '../../../api/schema/user';
import { describeUnknown } from '../../../lib/format';
import { isTimeZone } from '../../../api/schema/timeZone';

export const FREQUENCIES = [
  { value: 0, label: 'Immediately' },
  { value: 3600, label: 'Hourly' },
  { value: 86400, label: 'Daily' },
  { value: 604800, label: 'Weekly' },
  { value: -1, label: 'Off' },
] as const;

export const MAIL_LABELS: Record<MailPreferenceKey, string> = {
  projects: 'Projects',
  assets: 'Assets',
  files: 'Files',
  ingest: 'Ingest',
  offline_comments: 'Offline comments',
  others: 'Others',
  shares: 'Shares',
  work_requests: 'Work requests',
  work_request_comments: 'Work request comments',
  workflow: 'Workflow',
};

/** A frequency as the form holds it: a number of seconds, "unset", or a value of another type kept as it is. */
export type Frequency = { kind: 'seconds'; value: number } | { kind: 'unset' } | { kind: 'other'; raw: unknown };

const UNITS: [number, string][] = [
  [604800, 'week'],
  [86400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** "Immediately", "Daily", or for a value the app does not offer, e.g. 1800: "Every 30 minutes (custom)". */
export function frequencyLabel(f: Frequency): string {
  // The server mails an unset kind in the daily digest (docs/API.md "Mail").
  if (f.kind === 'unset') return 'Not set (daily digest)';
  if (f.kind === 'other') return `${JSON.stringify(f.raw)} (unrecognised value, kept)`;
  const known = FREQUENCIES.find((x) => x.value === f.value);
  if (known) return known.label;
  if (f.value < 0) return `Off (${f.value}, custom)`;
  for (const [size, unit] of UNITS) {
    if (f.value % size === 0) {
      const n = f.value / size;
      return `Every ${n === 1 ? unit : `${n} ${unit}s`} (custom)`;
    }
  }
  return `Every ${f.value} seconds (custom)`;
}

/** The option value of a frequency in a <select>. */
export function frequencyKey(f: Frequency): string {
  return f.kind === 'seconds' ? String(f.value) : f.kind === 'unset' ? 'unset' : 'other';
}

export function readFrequency(raw: unknown): Frequency {
  if (raw === undefined || raw === null) return { kind: 'unset' };
  if (typeof raw === 'number' && Number.isInteger(raw)) return { kind: 'seconds', value: raw };
  return { kind: 'other', raw };
}

/** A muted project as stored: its id (a string, or an object with `_id`), or an entry the app cannot read (kept). */
export interface MutedEntry {
  id: string | undefined;
  raw: unknown;
}

export interface SettingsDraft {
  name: string;
  /** The zone mails show times in (the user's `timeZone`), as typed; UTC when the record has none. */
  timeZone: string;
  mailEnabled: boolean;
  mail: Record<MailPreferenceKey, Frequency>;
  muted: MutedEntry[];
  /** As typed, validated on save. */
  maxUploads: string;
  skipScratchPreview: boolean;
}

function obj(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function mutedId(entry: unknown): string | undefined {
  if (typeof entry === 'string' && entry) return entry;
  const id = obj(entry)._id;
  return typeof id === 'string' && id ? id : undefined;
}

export function draftFromUser(
  name: string | undefined,
  preferences: Record<string, unknown> | undefined,
  timeZone?: string,
): SettingsDraft {
  const prefs = obj(preferences);
  const mail = obj(prefs.mail);
  const ingest = obj(prefs.ingest);
  const blacklist = obj(prefs.blacklist);
  const projects: unknown[] = Array.isArray(blacklist.projects) ? blacklist.projects : [];
  return {
    name: name ?? '',
    timeZone: timeZone ?? 'UTC',
    // The service mails unless told not to: a record without the switch reads as on.
    mailEnabled: mail.enabled !== false,
    mail: Object.fromEntries(MAIL_PREFERENCE_KEYS.map((k) => [k, readFrequency(mail[k])])) as Record<
      MailPreferenceKey,
      Frequency
    >,
    muted: projects.map((raw) => ({ id: mutedId(raw), raw })),
    maxUploads: ingest.maxUploads === undefined || ingest.maxUploads === null ? '' : describeUnknown(ingest.maxUploads),
    skipScratchPreview: ingest.skipScratchPreview === true,
  };
}

export type DraftErrors = Partial<Record<'name' | 'timeZone' | 'maxUploads', string>>;

export const MAX_UPLOADS_LIMIT = 20;

export function validateDraft(draft: SettingsDraft): DraftErrors {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Enter your name.';
  else if (name.length > 200) errors.name = 'Use at most 200 characters.';
  if (!isTimeZone(draft.timeZone.trim()))
    errors.timeZone = `Choose a time zone such as Europe/Paris (“${draft.timeZone.trim()}” is not one).`;
  const uploads = draft.maxUploads.trim();
  if (uploads !== '') {
    if (!/^\d+$/.test(uploads)) errors.maxUploads = 'Enter a whole number.';
    else if (Number(uploads) < 1 || Number(uploads) > MAX_UPLOADS_LIMIT)
      errors.maxUploads = `Enter a number from 1 to ${MAX_UPLOADS_LIMIT}.`;
  }
  return errors;
}

/**
 * The preferences to write: the original object with the edited fields replaced. Keys the form does not know
 * (in `preferences`, `mail`, `ingest`, `blacklist`) stay; a frequency left unset stays absent; a value of another
 * type stays as it was; muted entries the app could not read stay.
 */
export function preferencesFromDraft(
  original: Record<string, unknown> | undefined,
  draft: SettingsDraft,
): Record<string, unknown> {
  const prefs = obj(original);
  const mail: Record<string, unknown> = { ...obj(prefs.mail), enabled: draft.mailEnabled };
  for (const key of MAIL_PREFERENCE_KEYS) {
    const f = draft.mail[key];
    if (f.kind === 'seconds') mail[key] = f.value;
    else if (f.kind === 'unset') delete mail[key];
    else mail[key] = f.raw;
  }
  const ingest: Record<string, unknown> = { ...obj(prefs.ingest), skipScratchPreview: draft.skipScratchPreview };
  const uploads = draft.maxUploads.trim();
  if (uploads === '') delete ingest.maxUploads;
  else ingest.maxUploads = Number(uploads);
  const blacklist: Record<string, unknown> = { ...obj(prefs.blacklist), projects: draft.muted.map((m) => m.raw) };
  return { ...prefs, mail, ingest, blacklist };
}

/** Mutes or unmutes a project; a new entry is stored as the project's id. */
export function toggleMuted(muted: MutedEntry[], id: string, on: boolean): MutedEntry[] {
  const has = muted.some((m) => m.id === id);
  if (on && !has) return [...muted, { id, raw: id }];
  if (!on && has) return muted.filter((m) => m.id !== id);
  return muted;
}

/** Whether the draft differs from the record it started from. */
export function isDirty(start: SettingsDraft, draft: SettingsDraft): boolean {
  return JSON.stringify(start) !== JSON.stringify(draft);
}
