/** Translation (collection `Translations`), its embedded form inside a work request, and the Line object. */
import * as z from 'zod/mini';
import { doc, id, ts, links, selfLinks, userSummary } from './common';

export const TIMECODE = /^\d{2,}:[0-5]\d:[0-5]\d,\d{3}$/;
export const timecode = z.string().check(z.regex(TIMECODE, 'expected a timecode HH:MM:SS,mmm'));

export { TRANSLATION_STATUSES } from './translationStatuses';

export const line = doc({
  number: z.int(),
  text: z.string(),
  auto: z.boolean(),
  custom: z.boolean(),
  machine: z.boolean(),
  startTime: timecode,
  stopTime: timecode,
  alignment: z.string(),
  textAlign: z.string(),
  split: z.string(),
  merged: z.string(),
  range: z.array(z.number()),
});
export type Line = z.infer<typeof line>;

/**
 * Extension (docs/API.md "Submitting a translation"): what the translator said when submitting. The body gives
 * `note`, `reason` and `errors` (the editor's counts, kept only for the rules the server cannot run: the glossary's);
 * the server adds its own counts of the shared rules by the order's delivery specification (`errors`, `spec`),
 * `untranslated`, `date` and `user`.
 */
export const submission = doc({
  note: z.string(),
  reason: z.string(),
  errors: z.record(z.string(), z.int()),
  /**
   * The delivery specification the errors were counted by (docs/API.md "Delivery specifications"), and the frame
   * rate its frame-based limits were counted at: the asset's (docs/API.md "Frames").
   */
  spec: doc({ _id: id, name: z.string(), frameRate: z.number() }),
  untranslated: z.int(),
  date: ts,
  user: userSummary,
});
export type Submission = z.infer<typeof submission>;

/**
 * Extension (docs/API.md "Verdicts"): the reviewer's last send back — why, and which review notes (comment ids) to
 * address. Set when a translation is sent back (alone, or with its work request); kept until the next one.
 */
export const verdict = doc({
  reason: z.string(),
  notes: z.array(id),
  date: ts,
  user: userSummary,
});
export type Verdict = z.infer<typeof verdict>;

/** The record of collection `Translations`, as `PUT /translations/{id}` takes and returns it. Lines ride along. */
export const translation = doc({
  _id: id,
  asset: id,
  workRequest: id,
  language: z.string(),
  status: z.string(),
  translator: userSummary,
  lines: z.array(line),
  printLines: z.array(z.unknown()),
  approval: z.boolean(),
  /** Extensions (docs/API.md): the track, and the counts the server keeps at every write. */
  kind: z.string(),
  lineCount: z.int(),
  translatedCount: z.int(),
  submission,
  verdict,
  /** Extension: how many rounds were submitted (each kept as a snapshot: docs/API.md "Review rounds"). */
  rounds: z.int(),
  created: ts,
  $links: links('asset', 'workRequest'),
});
export type Translation = z.infer<typeof translation>;

/** Embedded form inside a work request. */
export const embeddedTranslation = doc({
  _id: id,
  language: z.string(),
  translator: userSummary,
  status: z.string(),
  lines: z.array(line),
  printLines: z.array(z.unknown()),
  approval: z.boolean(),
  verdict,
  rounds: z.int(),
  $links: selfLinks,
  /** Extension (docs/API.md): the translation record's ETag, sent with the lines by GET /workrequests/{id}. */
  $etag: z.string(),
});
export type EmbeddedTranslation = z.infer<typeof embeddedTranslation>;
