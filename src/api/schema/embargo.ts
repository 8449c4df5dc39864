/**
 * `$embargo` of a file or a preview (extension, docs/API.md "Embargoes"): present while an embargo is in force.
 * `until` is when it lifts (null: when an admin lifts it, an event); `locked` whether it holds the reader (then the
 * record has no link); `requested` (files) whether the reader asked for access.
 */
import * as z from 'zod/mini';
import { doc, ts } from './common';

export const embargoState = doc({
  until: z.nullable(ts),
  event: z.boolean(),
  locked: z.boolean(),
  requested: z.boolean(),
});
export type EmbargoState = z.infer<typeof embargoState>;
