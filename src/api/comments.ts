/** Comments: spec operation 12, and the list/add extensions. */
import { comment, type Comment, type NoteCategory } from './schema/comment';
import { requestList, requestRecord, seg, type ListOptions } from './client';

/** Extension `GET /comments?workRequest=`: a work request's comments, oldest first. */
export function listComments(workRequestId: string, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(comment, '/comments', { ...options, query: { workRequest: workRequestId } });
}

/** Extension `POST /comments`; with `offline` + `time`, a note on a frame of an offline. */
export function addComment(input: { workRequest: string; body: string; offline?: string; time?: number }) {
  return requestRecord(comment, 'POST', '/comments', { body: input });
}

/** Operation 12 `PUT /comments/{id}` (the author only). */
export function putComment(id: string, record: Comment) {
  return requestRecord(comment, 'PUT', `/comments/${seg(id)}`, { body: record });
}

/** A review note (docs/API.md "Review notes"): a comment pinned to a translation's line and a time. */
export interface NoteInput {
  workRequest: string;
  translation: string;
  line: number;
  time: number;
  category: NoteCategory;
  body: string;
  suggestion?: string;
}

/** Extension `POST /comments` with a translation: a review note. */
export function addNote(input: NoteInput) {
  return requestRecord(comment, 'POST', '/comments', { body: input });
}

/** Extension `PUT /comments/{id}/resolution`: answers a note with a reply, a changed line, or both. */
export function resolveNote(id: string, answer: { reply?: string; change?: boolean }) {
  return requestRecord(comment, 'PUT', `/comments/${seg(id)}/resolution`, { body: answer });
}
