/** Files: spec operation 11. */
import { file, type File } from './schema/file';
import { requestRecord, seg } from './client';

/** Operation 11 `PUT /files/{id}`. */
export function putFile(id: string, record: File) {
  return requestRecord(file, 'PUT', `/files/${seg(id)}`, { body: record });
}
