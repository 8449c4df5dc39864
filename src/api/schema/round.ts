/** A review round (collection `Rounds`, docs/API.md "Review rounds"): a translation's lines as submitted. */
import * as z from 'zod/mini';
import { doc, id, ts, userSummary } from './common';

export const roundLine = doc({ number: z.int(), text: z.string(), startTime: z.string(), stopTime: z.string() });
export type RoundLine = z.infer<typeof roundLine>;

export const round = doc({
  _id: id,
  translation: id,
  workRequest: id,
  round: z.int(),
  date: ts,
  user: userSummary,
  summary: z.string(),
  lines: z.array(roundLine),
  /** The lines were pruned by the retention rule (docs/decisions/214-rounds-retention.md): the round's facts stay. */
  linesPruned: z.boolean(),
});

/** More rounds than any review loop has: a translation's list stops there (and the retention rule reads as many). */
export const MAX_ROUNDS = 500;

/**
 * The rounds whose lines are kept besides the first: the last ROUND_LINES_KEPT (docs/decisions/214). At least 2, so
 * a reviewer always compares the last two rounds.
 */
export const ROUND_LINES_KEPT = 5;

/** Whether round `n` of a translation now at round `last` keeps its lines: the first, and the last ROUND_LINES_KEPT. */
export const roundKeepsLines = (n: number, last: number): boolean => n === 1 || n > last - ROUND_LINES_KEPT;
export type Round = z.infer<typeof round>;
