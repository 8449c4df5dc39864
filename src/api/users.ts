/** Users: spec operations 3, 4 and 5, and the `GET /users/me` extension. */
import { user, type User } from './schema/user';
import { requestRecord, seg } from './client';

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
