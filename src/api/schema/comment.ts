/**
 * Comment (collection `Comments`) on a work request. `body` is user-written text, always rendered as text. A comment
 * that names a `translation` is a review note (docs/API.md "Review notes"): pinned to a line and a time, with a
 * category, an optional suggested text, and its resolution by the translator.
 */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links, userSummary } from './common';

/** What a review note is about (docs/API.md "Review notes"), in the order the app offers them. */
export const NOTE_CATEGORIES = ['translation', 'timing', 'spelling', 'style', 'glossary'] as const;
export type NoteCategory = (typeof NOTE_CATEGORIES)[number];

/** How a note was answered: a reply, or a change of its line (the line's text before and after). */
export const noteResolution = doc({
  reply: z.string(),
  change: doc({ before: z.string(), after: z.string() }),
  user: userSummary,
  date: ts,
});
export type NoteResolution = z.infer<typeof noteResolution>;

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
  /** Review notes (extension): the translation, its line (`number`), the time in seconds, what about. */
  translation: id,
  line: z.int(),
  time: z.number(),
  category: z.enum(NOTE_CATEGORIES),
  suggestion: z.string(),
  /** The line's text when the note was made, and the review round it was made in (1: the first submit). */
  lineText: z.string(),
  round: z.int(),
  resolution: noteResolution,
  /** A note on a frame of an offline (extension): the offline, and `time` the seconds into it. */
  offline: id,
  $links: links('workRequest', 'user'),
});
export type Comment = z.infer<typeof comment>;
