/**
 * The count extensions' limits and answers (docs/API.md, "Counts in one request"): the server checks its input
 * against the limits, the app checks the answers.
 */
import * as z from 'zod/mini';

/** At most this many days in one `GET /workrequests/dueCounts` (six weeks: any month's calendar). */
export const MAX_COUNTED_DAYS = 42;

/** At most this many projects in one `GET /assets/counts` (a page of the catalog's project list). */
export const MAX_COUNTED_PROJECTS = 100;

const count = z.number().check(z.int(), z.nonnegative());

/** `GET /workrequests/dueCounts`: one count per day, in the order of the days. */
export const dueCountsAnswer = z.object({ counts: z.array(count) });

/** `GET /assets/counts`: each project's asset count, by project id. */
export const assetCountsAnswer = z.object({ counts: z.record(z.string(), count) });
