/**
 * The inbox's list request (queries.ts) and its first page as the page makes it for the URL's view: what
 * src/app/earlyRequest.ts starts before the app has loaded. Kept free of react-query and zod, so that script stays
 * small.
 */
import type { EarlyGet } from '../../api/earlyRequests';
import { NOTIFICATIONS_PATH, notificationListQuery } from '../../api/listRequests';
import type { NotificationFilters } from '../../api/notifications';
import { listRangeHeaders } from '../../api/range';
import { filtersOfView, viewFromParams } from './model/inboxView';

/** Rows per page of the inbox. */
export const PAGE_SIZE = 50;

/** What the inbox's list asks for a view's filters: summaries (the event's work request as ids and status only). */
export const inboxListFilters = (filters: NotificationFilters): NotificationFilters => ({ ...filters, summary: true });

export function firstInboxRequest(params: URLSearchParams): EarlyGet {
  return {
    path: NOTIFICATIONS_PATH,
    query: notificationListQuery(inboxListFilters(filtersOfView(viewFromParams(params)))),
    headers: listRangeHeaders(0, PAGE_SIZE),
  };
}
