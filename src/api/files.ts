/** Files: spec operation 11, and the list / get extensions. */
import { file, type File } from './schema/file';
import { requestList, requestRecord, seg, type ListOptions } from './client';
import { requestVersioned } from './versioned';

/** Operation 11 `PUT /files/{id}`. */
export function putFile(id: string, record: File) {
  return requestRecord(file, 'PUT', `/files/${seg(id)}`, { body: record });
}

/** Operation 11 with `If-Match`: answers the record and its new ETag; a stale ETag is a 409. */
export function putFileIfMatch(id: string, record: File, etag: string | undefined) {
  return requestVersioned(file, 'PUT', `/files/${seg(id)}`, { body: record, ifMatch: etag });
}

/** Extension `GET /files?asset=`: the files of an asset. */
export function listFiles(asset: string, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(file, '/files', { ...options, query: { asset } });
}

/** Extension `GET /files?studio=&kind=picture` (docs/API.md "Logos"): the studio's pictures the caller may read. */
export function listStudioPictures(studio: string, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(file, '/files', { ...options, query: { studio, kind: 'picture' } });
}

/** Extension `GET /files/{id}`: one file and its ETag. */
export function getFile(id: string, signal?: AbortSignal) {
  return requestVersioned(file, 'GET', `/files/${seg(id)}`, { signal });
}

/**
 * Extension `POST /files/{id}/accessRequests` (docs/API.md "Embargoes"): asks the project's admins for access to a
 * file under embargo; answers the file (`$embargo.requested`). 409 `already_requested`, 429 past the hourly limit.
 */
export function requestFileAccess(id: string) {
  return requestRecord(file, 'POST', `/files/${seg(id)}/accessRequests`);
}
