/** User (collection `Users`) with groups and preferences. */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links, selfLinks } from './common';
import { isTimeZone, TIME_ZONE_MESSAGE } from './timeZone';

export const userStatus = doc({
  invited: z.boolean(),
  approved: z.boolean(),
  registered: z.boolean(),
  confirmed: z.boolean(),
});

/** Keys of `preferences.mail` that hold a frequency in seconds (0 immediately, -1 off; docs/API.md). */
export const MAIL_PREFERENCE_KEYS = [
  'projects',
  'assets',
  'files',
  'ingest',
  'offline_comments',
  'others',
  'shares',
  'work_requests',
  'work_request_comments',
  'workflow',
] as const;
export type MailPreferenceKey = (typeof MAIL_PREFERENCE_KEYS)[number];

export const mailPreferences = doc({
  enabled: z.boolean(),
  ...(Object.fromEntries(MAIL_PREFERENCE_KEYS.map((k) => [k, z.int()])) as Record<MailPreferenceKey, z.ZodMiniInt>),
});

export const preferences = doc({
  blacklist: doc({ projects: anyList }),
  ingest: doc({ maxUploads: z.int(), skipScratchPreview: z.boolean() }),
  mail: mailPreferences,
});
export type Preferences = z.infer<typeof preferences>;

export const group = doc({
  _id: id,
  name: z.string(),
  addresses: anyList,
  studios: z.array(id),
  type: z.string(),
  users: z.array(id),
  $links: selfLinks,
});
export type Group = z.infer<typeof group>;

export const user = doc({
  _id: id,
  status: userStatus,
  name: z.string().check(z.maxLength(200)),
  username: z.string(),
  emailNormal: z.string(),
  invite: z.string(),
  preferences,
  territory: doc({ _id: id, name: z.string(), $links: selfLinks }),
  /**
   * Extension (docs/API.md "Users"): the zone the person's mails show times in (their own to set, in Settings);
   * absent: UTC.
   */
  timeZone: z.string().check(z.refine(isTimeZone, TIME_ZONE_MESSAGE)),
  created: ts,
  $links: links('territory'),
  groups: z.array(group),
});
export type User = z.infer<typeof user>;

/**
 * A user as an admin reads it: this server adds `inviteCode` (the one-time code that resolves `invite`'s
 * `:code`) and `inviteExpires` (when that code lapses, epoch seconds) while the user has not registered. Other
 * deployments may send neither. Both are the server's: a body never sets them.
 */
export const adminUser = z.extend(user, { inviteCode: z.optional(z.string()), inviteExpires: z.optional(ts) });
export type AdminUser = z.infer<typeof adminUser>;

/**
 * A user as `GET /users?assignableTo=` lists them (this server, docs/API.md "Assignable people"): `$vendors` are
 * the translator groups (vendors) they are listed for, those working with the studio asked about; `$work` their load.
 */
export const assignableUser = z.extend(user, {
  $vendors: z.optional(z.array(doc({ _id: id, name: z.string() }))),
  /** Their work as the caller may see it (this server): open orders, due within the week, on the project asked about,
   * the languages of their recent orders. */
  $work: z.optional(
    doc({
      open: z.number(),
      dueThisWeek: z.number(),
      onProject: z.number(),
      languages: z.array(doc({ code: z.string(), orders: z.number() })),
    }),
  ),
});
export type AssignableUser = z.infer<typeof assignableUser>;

/** Body of the sign-in extension `POST /session` is empty: credentials travel in the Authorization header. */
