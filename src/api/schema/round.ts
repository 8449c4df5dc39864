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
});
export type Round = z.infer<typeof round>;
