/**
 * The inbox's pure rules: which tab a type belongs to, the filters in the URL, whether a notification matches a
 * list's filters (for live arrivals), where a notification leads. No React.
 */
import type { NotificationFilters } from '../../../api/notifications';
import type { Notification } from '../../../api/schema/notification';
import { WORK_REQUEST_STATUSES } from '../../../api/schema/workRequestStatuses';
import { statusLabel } from '../../../api/schema/words';

// The tabs and the URL's view are inboxView.ts's (kept small for the early request); the inbox's pages read them here.
export * from './inboxView';

export const TYPE_LABELS: Record<string, string> = {
  wam: 'Awaiting materials',
  'wr-status': 'Status change',
  'wr-comment': 'Comment',
  'translation-submitted': 'Translation submitted',
  'wr-created': 'New order',
  'wr-assigned': 'Assigned to you',
  'wr-unassigned': 'Taken off an order',
  'wr-changed': 'Order changed',
  'materials-in': 'Materials in',
  delivery: 'Delivered',
  share: 'Share',
  embargo: 'Embargo',
};

export function typeLabel(type: string | undefined): string {
  if (!type) return 'Other';
  return TYPE_LABELS[type] ?? type;
}

/** Whether a notification belongs in a list with these filters (the server's rules: q over title and subject). */
export function matchesFilters(n: Notification, filters: NotificationFilters): boolean {
  if (filters.type && filters.type.length > 0 && !filters.type.includes(n.type ?? '')) return false;
  if (filters.read !== undefined && (n.read === true) !== filters.read) return false;
  if (filters.q) {
    const q = filters.q.toLowerCase();
    const hay = `${n.title ?? ''}\n${n.emailSubject ?? ''}`.toLowerCase();
    if (!hay.includes(q)) return false;
  }
  return true;
}

/** Whether the count of unread notifications of `types` (undefined: all) includes this one. */
export function countIncludes(types: readonly string[] | undefined, type: string | undefined): boolean {
  return types === undefined || types.includes(type ?? '');
}

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (value !== null && typeof value === 'object') {
    const id = (value as { _id?: unknown })._id;
    if (typeof id === 'string' && id) return id;
  }
  return undefined;
}

/** Where opening a notification leads: its work request (a delivery: its deliveries), else its share; undefined when it is about neither. */
export function targetOf(n: Notification): string | undefined {
  const event = n.event;
  // Taken off an order, the translator no longer sees it: the notification leads nowhere (docs/API.md).
  if (n.type === 'wr-unassigned') return undefined;
  const wr = idOf(event?.workRequest);
  // A delivery opens the order's deliveries: its recipients may download them without seeing the order itself.
  if (wr) return `/work-requests/${encodeURIComponent(wr)}${n.type === 'delivery' ? '/deliveries' : ''}`;
  const share = idOf(event?.share);
  // A share received opens its playlist (to watch and answer); feedback on one sent opens the share's answers.
  if (share) return `/shares/${encodeURIComponent(share)}${n.type === 'share' ? '/playlist' : ''}`;
  return undefined;
}

/** Who caused it: the event's user name (the notification's own `from` is only an id). */
export function whoOf(n: Notification): string {
  const from = n.event?.from;
  return from?.name || from?.emailNormal || from?.username || 'MWS';
}

/** "(3) " before a title; nothing when there is nothing unread. */
export function unreadPrefix(count: number | undefined, more = false): string {
  if (!count || count <= 0) return '';
  return `(${count > 99 ? '99+' : `${count}${more ? '+' : ''}`}) `;
}

const PREFIX = /^\(\d+\+?\) /;

/** A document title with the unread prefix replaced (or removed). */
export function withUnreadPrefix(title: string, prefix: string): string {
  return prefix + title.replace(PREFIX, '');
}

/** A title stored before titles named statuses in words ends "… to for-review": the code, as the code's words. */
const STATUS_CODE_AT_END = new RegExp(` to (${WORK_REQUEST_STATUSES.join('|')})$`);

/**
 * What a notification reads as: its title (else its e-mail subject), with a status code at the end of a status
 * change's title shown in words ("… to For review"), as the server writes titles now (docs/API.md, "Names").
 */
export function notificationTitle(n: Pick<Notification, 'title' | 'emailSubject' | 'type'>): string {
  const title = n.title || n.emailSubject || 'Notification';
  if (n.type !== 'wr-status') return title;
  return title.replace(STATUS_CODE_AT_END, (_, code: string) => ` to ${statusLabel(code)}`);
}

/**
 * A send back's notes to address as one line of the inbox row: `2 notes: line 3 “Too long”; line 1 “Misspelt”`
 * (docs/API.md "Verdicts"); undefined for any other notification.
 */
export function verdictNotesText(n: Pick<Notification, 'event'>): string | undefined {
  const notes = n.event?.verdict?.notes ?? [];
  if (!notes.length) return undefined;
  const each = notes.map((note) =>
    [note.line === undefined ? undefined : `line ${note.line}`, note.body ? `“${note.body}”` : undefined]
      .filter(Boolean)
      .join(' '),
  );
  return `${notes.length === 1 ? '1 note' : `${notes.length} notes`} to address: ${each.join('; ')}`;
}
