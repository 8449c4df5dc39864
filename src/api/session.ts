/** Extension `POST /session`: checks credentials and answers the caller's User (401 when wrong). */
import { user } from './schema/user';
import { basicAuth, requestRecord } from './client';

export function postSession(username: string, password: string, signal?: AbortSignal) {
  // The credentials being tried travel explicitly, so a 401 here is "wrong password", not "session ended".
  return requestRecord(user, 'POST', '/session', { authorization: basicAuth(username, password), body: {}, signal });
}
