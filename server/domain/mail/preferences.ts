/**
 * What a user's preferences say about an event (docs/API.md "Mail"): whether its project is muted (no notification,
 * no mail), and how often it is mailed (`preferences.mail`: a frequency in seconds per kind of event, 0 at once,
 * -1 never, the `enabled` switch over all of them).
 */
import { MAIL_PREFERENCE_KEYS, type MailPreferenceKey } from '../../../src/api/schema/user';

/** The frequencies the Settings page offers (seconds); 0 at once, -1 never. */
export const IMMEDIATELY = 0;
export const NEVER = -1;

/** The kind of event (a key of `preferences.mail`) each event type is mailed under. */
const KIND_OF_TYPE: Readonly<Record<string, MailPreferenceKey>> = {
  'wr-created': 'work_requests',
  'wr-assigned': 'work_requests',
  'wr-unassigned': 'work_requests',
  'wr-changed': 'work_requests',
  'wr-comment': 'work_request_comments',
  wam: 'workflow',
  'materials-in': 'workflow',
  delivery: 'workflow',
  'wr-status': 'workflow',
  'translation-submitted': 'workflow',
  share: 'shares',
  'share-feedback': 'shares',
  embargo: 'files',
};

export function mailKindOf(eventType: string): MailPreferenceKey {
  return KIND_OF_TYPE[eventType] ?? 'others';
}

export function isMailKind(value: string): value is MailPreferenceKey {
  return (MAIL_PREFERENCE_KEYS as readonly string[]).includes(value);
}

interface WithPreferences {
  preferences?: unknown;
}

function preferencesOf(user: WithPreferences): Record<string, unknown> {
  const p = user.preferences;
  return p && typeof p === 'object' ? (p as Record<string, unknown>) : {};
}

/** The ids of the projects a user muted (entries stored as ids or as `{_id}`; others ignored). */
export function mutedProjects(user: WithPreferences): Set<string> {
  const blacklist = preferencesOf(user).blacklist as { projects?: unknown } | undefined;
  const entries = Array.isArray(blacklist?.projects) ? (blacklist.projects as unknown[]) : [];
  const ids = entries.map((e) =>
    typeof e === 'string' ? e : e && typeof e === 'object' ? (e as { _id?: unknown })._id : undefined,
  );
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}

/** True when the event is about a project the user muted. */
export function isMutedFor(user: WithPreferences, projectIds: readonly string[]): boolean {
  if (projectIds.length === 0) return false;
  const muted = mutedProjects(user);
  return projectIds.some((id) => muted.has(id));
}

/**
 * How often this user is mailed about this kind of event, in seconds: IMMEDIATELY, a digest period, or NEVER (the
 * master switch off, the kind off, or a value that is no frequency). An unset kind is mailed daily, as a digest: the
 * least noisy choice that still tells.
 */
export function mailFrequency(user: WithPreferences, kind: MailPreferenceKey): number {
  const mail = preferencesOf(user).mail as Record<string, unknown> | undefined;
  if (!mail || mail.enabled === false) return NEVER;
  const value = mail[kind];
  if (value === undefined || value === null) return DEFAULT_FREQUENCY;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return NEVER;
  return value;
}

export const DEFAULT_FREQUENCY = 86_400;

/** The project ids an event is about (`projects: [{_id}]` or ids). */
export function eventProjectIds(event: Record<string, unknown>): string[] {
  const projects = Array.isArray(event.projects) ? (event.projects as unknown[]) : [];
  return projects
    .map((p) => (typeof p === 'string' ? p : p && typeof p === 'object' ? (p as { _id?: unknown })._id : undefined))
    .filter((id): id is string => typeof id === 'string');
}
