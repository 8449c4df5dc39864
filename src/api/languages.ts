/** Languages: spec operation 16, and the list, get and change extensions. */
import { language, type Language } from './schema/language';
import { requestList, requestRecord, seg, type ListOptions } from './client';
import { requestVersioned } from './versioned';

/** Operation 16 `POST /languages`. */
export function postLanguage(record: Language) {
  return requestRecord(language, 'POST', '/languages', { body: record });
}

/** Extension `GET /languages/{id}`: one language and its ETag. */
export function getLanguage(id: string, signal?: AbortSignal) {
  return requestVersioned(language, 'GET', `/languages/${seg(id)}`, { signal });
}

/** Extension `PUT /languages/{id}` with `If-Match`: a language changed in place (never its code). */
export function putLanguageIfMatch(id: string, record: Language, etag: string | undefined) {
  return requestVersioned(language, 'PUT', `/languages/${seg(id)}`, { body: record, ifMatch: etag });
}

/** Extension `GET /languages`. */
export function listLanguages(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(language, '/languages', options);
}
