/** Notifications: spec operations 18 and 19. */
import { notification, type Notification } from './schema/notification';
import { requestList, requestRecord, type ListOptions } from './client';

export interface NotificationFilters {
  /** Text search over title and e-mail subject. */
  q?: string;
  /** One event type or several, comma-separated. */
  type?: readonly string[];
  read?: boolean;
  /** Leaves the event's embedded work request out (ids and status only). */
  summary?: boolean;
}

/** Operation 19 `GET /notifications`. */
export function listNotifications(filters: NotificationFilters, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(notification, '/notifications', {
    ...options,
    query: {
      q: filters.q,
      type: filters.type,
      read: filters.read === undefined ? undefined : String(filters.read),
      summary: filters.summary ? 'true' : undefined,
    },
  });
}

/** Operation 18 `PUT /notifications` (the record, `_id` included, in the body). */
export function putNotification(record: Notification) {
  return requestRecord(notification, 'PUT', '/notifications', { body: record });
}
