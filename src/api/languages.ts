/** Languages: spec operation 16, and the list extension. */
import { language, type Language } from './schema/language';
import { requestList, requestRecord, type ListOptions } from './client';

/** Operation 16 `POST /languages`. */
export function postLanguage(record: Language) {
  return requestRecord(language, 'POST', '/languages', { body: record });
}

/** Extension `GET /languages`. */
export function listLanguages(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(language, '/languages', options);
}
