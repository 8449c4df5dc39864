/**
 * The shares list's first request as its page makes it (queries.ts): what src/app/earlyRequest.ts starts before the
 * app has loaded. Kept free of react-query and zod, so that script stays small.
 */
import type { EarlyGet } from '../../api/earlyRequests';
import { SHARES_PATH } from '../../api/listRequests';
import { listRangeHeaders } from '../../api/range';

/** Rows per page of the list. */
export const PAGE_SIZE = 50;

export function firstShareListRequest(): EarlyGet {
  return { path: SHARES_PATH, headers: listRangeHeaders(0, PAGE_SIZE) };
}
