/** Shares: spec operation 7. */
import { share, type Share } from './schema/share';
import { requestRecord, seg } from './client';

/** Operation 7 `PUT /shares/{id}`. */
export function putShare(id: string, record: Share) {
  return requestRecord(share, 'PUT', `/shares/${seg(id)}`, { body: record });
}
