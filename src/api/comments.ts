/** Comments: spec operation 12, and the list/add extensions. */
import { comment, type Comment } from './schema/comment';
import { requestList, requestRecord, seg, type ListOptions } from './client';

/** Extension `GET /comments?workRequest=`: a work request's comments, oldest first. */
export function listComments(workRequestId: string, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(comment, '/comments', { ...options, query: { workRequest: workRequestId } });
}

/** Extension `POST /comments`. */
export function addComment(input: { workRequest: string; body: string }) {
  return requestRecord(comment, 'POST', '/comments', { body: input });
}

/** Operation 12 `PUT /comments/{id}` (the author only). */
export function putComment(id: string, record: Comment) {
  return requestRecord(comment, 'PUT', `/comments/${seg(id)}`, { body: record });
}
