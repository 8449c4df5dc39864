/** Users: spec operations 3, 4 and 5, and the `GET /users/me`, `GET /users` and `GET /groups` extensions. */
import { adminUser, assignableUser, group, user, type User } from './schema/user';
import { ApiError, requestList, requestRecord, send, seg, type ListOptions } from './client';
import { salvageRecord } from './parse';
import { requestVersioned } from './versioned';

export { adminUser, type AdminUser } from './schema/user';

/** Operation 3 `PUT /users`: with `_id` updates that user, without creates one (admins). */
export function putUsers(record: User) {
  return requestRecord(user, 'PUT', '/users', { body: record });
}

/** Operation 4 `PUT /users/{id}`. */
export function putUser(id: string, record: User) {
  return requestRecord(user, 'PUT', `/users/${seg(id)}`, { body: record });
}

/** Operation 5 `GET /users/{id}`. */
export function getUser(id: string, signal?: AbortSignal) {
  return requestRecord(user, 'GET', `/users/${seg(id)}`, { signal });
}

/** Extension `GET /users/me`: the caller. */
export function getMe(signal?: AbortSignal) {
  return requestRecord(user, 'GET', '/users/me', { signal });
}

/** Operation 3 as an admin: creates (no `_id`) or updates a user; the answer may carry `inviteCode`. */
export function putUsersAsAdmin(record: User) {
  return requestRecord(adminUser, 'PUT', '/users', { body: record });
}

/** Extension `POST /users/{id}/invitation` (admins): a new invitation code, replacing a lost or lapsed one. */
export function renewInvitation(id: string) {
  return requestRecord(adminUser, 'POST', `/users/${seg(id)}/invitation`, { body: {} });
}

/** Operation 5 with the ETag, read as an admin (may carry `inviteCode`). */
export function getUserVersioned(id: string, signal?: AbortSignal) {
  return requestVersioned(adminUser, 'GET', `/users/${seg(id)}`, { signal });
}

/** Operation 4 with `If-Match`: a stale ETag is a 409 whose `details.current` is the user as it now is. */
export function putUserIfMatch(id: string, record: User, etag: string | undefined) {
  return requestVersioned(adminUser, 'PUT', `/users/${seg(id)}`, { body: record, ifMatch: etag });
}

/** Extension `GET /users` (admins and coordinators): `q` searches name and e-mail. */
export function listUsers(filters: { q?: string } = {}, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(adminUser, '/users', { ...options, query: { q: filters.q } });
}

/**
 * Extension `GET /users?assignableTo=` (admins and the studio's coordinators; docs/API.md "Assignable people"): the
 * people the studio's work may be assigned to, by name, each with `$vendors`; `studio` null asks for the people of
 * every studio the caller coordinates (`any`). `q` searches name and e-mail; `project` adds each person's orders on it
 * to their `$work`.
 */
export function listAssignableUsers(
  studio: string | null,
  filters: { q?: string; project?: string } = {},
  options: Omit<ListOptions, 'query'> = {},
) {
  return requestList(assignableUser, '/users', {
    ...options,
    query: { assignableTo: studio ?? 'any', q: filters.q, project: filters.project },
  });
}

/** Extension `GET /groups` (this server has it; docs/API.md does not list it yet). */
export function listGroups(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(group, '/groups', options);
}

/**
 * Operation 5 as the app keeps a user record (lib/userRecords.ts): the record (checked), its ETag, and `preferences`
 * exactly as the server sent them, so values the contract does not know (or of an unexpected type) are shown and
 * written back rather than dropped by the lenient read.
 */
export async function getUserRecord(id: string, signal?: AbortSignal) {
  const { json, response } = await send('GET', `/users/${seg(id)}`, { signal });
  const checked = salvageRecord(user, json);
  if (!checked)
    throw new ApiError(response.status, 'invalid_response', `The server's answer to GET /users/${id} is not a record.`);
  const raw = json !== null && typeof json === 'object' ? (json as { preferences?: unknown }).preferences : undefined;
  return {
    ...checked,
    rawPreferences:
      raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined,
    etag: response.headers.get('ETag') ?? undefined,
  };
}

/**
 * Operation 4 for one's own settings: `name` and the whole (merged) `preferences` object, with `If-Match` when
 * the read carried an ETag (a 409 then means the record changed elsewhere).
 */
export function putUserSettings(
  id: string,
  body: { name?: string; timeZone?: string; preferences: Record<string, unknown> },
  etag: string | undefined,
) {
  return requestVersioned(user, 'PUT', `/users/${seg(id)}`, { body, ifMatch: etag });
}

/**
 * Operation 4 for one's own password (docs/API.md, "Changing a password"): the new `password` with the
 * `currentPassword` (extension); a wrong current one is a 403, and counts as a failed sign-in.
 */
export function changeOwnPassword(id: string, currentPassword: string, password: string) {
  return requestVersioned(user, 'PUT', `/users/${seg(id)}`, { body: { password, currentPassword } });
}
