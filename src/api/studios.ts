/** Studios: spec operation 14. */
import { studio, type Studio } from './schema/studio';
import { requestRecord } from './client';

/** Operation 14 `PUT /studios`: with `_id` updates that studio, without creates one. */
export function putStudios(record: Studio) {
  return requestRecord(studio, 'PUT', '/studios', { body: record });
}
