/** Comment (collection `Comments`) on a work request. `body` is user-written text, always rendered as text. */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links, userSummary } from './common';

export const comment = doc({
  _id: id,
  workRequest: id,
  user: userSummary,
  body: z.string().check(z.maxLength(20000)),
  urls: doc({ workRequest: z.string() }),
  created: ts,
  /** Extension: when the author last changed `body` (epoch seconds). */
  edited: ts,
  replies: anyList,
  $links: links('workRequest', 'user'),
});
export type Comment = z.infer<typeof comment>;
