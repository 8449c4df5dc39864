/**
 * An accepted QC problem (extension `/translations/{id}/accepted`, docs/API.md "Accepted problems"): a translator
 * says a line's problem by one rule stands, with a reason the reviewer reads. Holds while the line keeps `text`.
 */
import * as z from 'zod/mini';
import { ts, userSummary } from './common';

export const ACCEPTANCE_REASON_MAX = 500;

/** What names it (line, rule, text) and why (reason) are required: an entry without them means nothing. */
export const qcAcceptance = z.looseObject({
  /** The line's `number`. */
  line: z.int(),
  /** A rule id (src/api/schema/qc/types.ts), e.g. `chars-per-line`. */
  rule: z.string(),
  /** The line's text when accepted. */
  text: z.string(),
  reason: z.string(),
  date: z.optional(ts),
  user: z.optional(userSummary),
});
export type QcAcceptance = z.infer<typeof qcAcceptance>;
