/** Previews: spec operation 10. */
import { preview, type Preview } from './schema/preview';
import { requestRecord, seg } from './client';

/** Operation 10 `PUT /previews/{id}`. */
export function putPreview(id: string, record: Preview) {
  return requestRecord(preview, 'PUT', `/previews/${seg(id)}`, { body: record });
}
