/**
 * The translations list's filters from the URL and its first request as its page makes it (queries.ts): what
 * src/app/earlyRequest.ts starts before the app has loaded, on the translator's landing page. Kept free of react-query
 * and zod, so that script stays small.
 */
import type { EarlyGet } from '../../api/earlyRequests';
import { TRANSLATIONS_PATH, translationListQuery } from '../../api/listRequests';
import { listRangeHeaders } from '../../api/range';
import { TRANSLATION_STATUSES } from '../../api/schema/translationStatuses';
import type { TranslationFilters } from '../../api/translations';

/** Rows per page of the list. */
export const PAGE_SIZE = 50;

/** The filters the URL names: an unknown status is no filter. */
export function translationFiltersFromParams(params: URLSearchParams): TranslationFilters {
  const status = params.get('status') ?? undefined;
  return {
    status: status && (TRANSLATION_STATUSES as readonly string[]).includes(status) ? status : undefined,
    language: params.get('language')?.trim() || undefined,
  };
}

export function firstTranslationListRequest(params: URLSearchParams): EarlyGet {
  return {
    path: TRANSLATIONS_PATH,
    query: translationListQuery(translationFiltersFromParams(params)),
    headers: listRangeHeaders(0, PAGE_SIZE),
  };
}
