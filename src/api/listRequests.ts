/**
 * The list GETs of translations, shares and notifications as requests (path and query), without the answers'
 * checking: translations.ts, shares.ts and notifications.ts send them through the client, and src/app/earlyRequest.ts
 * starts a landing page's first page before the app has loaded, from the same code, so the client recognises it
 * (earlyRequests.ts). The work requests' are in workRequestRequests.ts.
 */
import type { NotificationFilters } from './notifications';
import type { Query } from './request';
import type { TranslationFilters } from './translations';

export const TRANSLATIONS_PATH = '/translations';
export const SHARES_PATH = '/shares';
export const NOTIFICATIONS_PATH = '/notifications';

/** Extension `GET /translations`'s query parameters for these filters. */
export function translationListQuery(filters: TranslationFilters): Query {
  return { status: filters.status, language: filters.language };
}

/** Operation 19's query parameters for these filters. */
export function notificationListQuery(filters: NotificationFilters): Query {
  return {
    q: filters.q,
    type: filters.type,
    read: filters.read === undefined ? undefined : String(filters.read),
    summary: filters.summary ? 'true' : undefined,
  };
}
