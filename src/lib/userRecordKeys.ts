/**
 * The keys of the app's one cache entry per user record (lib/userRecords.ts) and of the lists of users, so that a
 * feature reads, writes or marks stale a user through these keys, never by spelling them
 * (docs/decisions/160-one-cache-entry-per-user.md), and the entry's shape. A module of its own, importing no code: the
 * sign-in page and the session's hook fill and read the signed-in user's entry without loading the users' API module.
 */
import type { Checked } from '../api/parse';
import type { User } from '../api/schema/user';

export const userRecordKeys = {
  /** Every user query: records and lists. */
  users: ['users'] as const,
  /** One user's record (`UserRecord`): the signed-in user's too, under their id. */
  user: (id: string) => [...userRecordKeys.users, 'detail', id] as const,
  /** Every list of users (the catalog's list, e-mail suggestions): each holds copies that a saved user patches. */
  lists: () => [...userRecordKeys.users, 'list'] as const,
};

/** A user's cache entry. */
export interface UserRecord extends Checked<User> {
  /** The `ETag` of the version read (a write sends it as `If-Match`); undefined when not known. */
  etag: string | undefined;
  /** `preferences` exactly as the server sent them (values the contract does not know are written back unchanged). */
  rawPreferences: Record<string, unknown> | undefined;
  /**
   * Whether this is the answer to GET /users/{id} (with its ETag and raw preferences), rather than a copy taken from
   * another answer (the sign-in check, a save, the stored snapshot): a form that writes the record waits for a read.
   */
  fromRead: boolean;
}

/** The entry for a user record taken from an answer other than its own read (sign-in, the stored copy). */
export function userRecordFrom(user: User, problems: Checked<User>['problems'] = []): UserRecord {
  return { data: user, problems, etag: undefined, rawPreferences: undefined, fromRead: false };
}
