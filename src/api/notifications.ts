/**
 * Notifications: spec operations 18 and 19, and the extensions `POST /notifications/markRead` and
 * `GET /notifications/stream` (Server-Sent Events, read with fetch: see docs/API.md).
 */
import { notification, type Notification } from './schema/notification';
import { apiBaseUrl, buildUrl, failedAnswer, requestList, requestRecord, send, type ListOptions } from './client';
import { NOTIFICATIONS_PATH, notificationListQuery } from './listRequests';
import { parseRecord, type Parsed } from './parse';

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
  return requestList(notification, NOTIFICATIONS_PATH, { ...options, query: notificationListQuery(filters) });
}

/** Operation 18 `PUT /notifications` (the record, `_id` included, in the body). */
export function putNotification(record: Notification) {
  return requestRecord(notification, 'PUT', '/notifications', { body: record });
}

/** Operation 18 with only the reader's flags (the server changes nothing else); answers the full record. */
export function setNotificationFlags(id: string, flags: { read?: boolean; viewed?: boolean }) {
  return putNotification({ _id: id, ...flags });
}

/**
 * Extension `POST /notifications/markRead`: marks every unread notification of the caller matching `q` / `type`
 * read and viewed. A deployment without it answers 404 (see `isUnavailable`).
 */
export async function markNotificationsRead(filters: {
  q?: string;
  type?: readonly string[];
}): Promise<{ updated: number | undefined }> {
  const body: { q?: string; type?: string } = {};
  if (filters.q) body.q = filters.q;
  if (filters.type && filters.type.length > 0) body.type = filters.type.join(',');
  const { json } = await send('POST', '/notifications/markRead', { body });
  const updated = json !== null && typeof json === 'object' ? (json as { updated?: unknown }).updated : undefined;
  return { updated: typeof updated === 'number' ? updated : undefined };
}

/** One Server-Sent Event. */
export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/**
 * An incremental `text/event-stream` parser (the WHATWG rules that matter here): lines end with CRLF, LF or CR;
 * a blank line dispatches; `data:` lines join with "\n"; a leading space after the colon is dropped; lines
 * starting with ":" are comments; `retry` and unknown fields are ignored. Events without data are not dispatched.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): { feed: (chunk: string) => void } {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];
  let id: string | undefined;
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n'), id });
      eventName = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };
  return {
    feed(chunk: string) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone CR at the very end may be the first half of CRLF: wait for the next chunk.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
  };
}

/** The deployment has no `GET /notifications/stream` (or it answered something that is not an event stream). */
export class StreamUnavailableError extends Error {
  override readonly name = 'StreamUnavailableError';
}

export interface StreamHandlers {
  /** The `Authorization` header value (the stream is authenticated like every route). */
  authorization: string | undefined;
  signal: AbortSignal;
  /** The server accepted the stream. */
  onOpen: () => void;
  /** Any bytes arrived (events or the keep-alive comments): for a watchdog. */
  onActivity: () => void;
  onNotification: (item: Parsed<Notification>) => void;
  /** The server ended the stream saying why and when to reconnect (its final `event: end`). */
  onEnd?: (end: StreamEnd) => void;
}

/**
 * The data of the server's final `event: end` (docs/API.md, "Live notification stream"): `retryAfterMs` null means
 * do not open the stream again (the account can no longer sign in).
 */
export interface StreamEnd {
  reason: string;
  retryAfterMs: number | null;
}

/** A final event's data, or undefined when it is not one this client understands (then the end is a plain one). */
export function parseStreamEnd(data: string): StreamEnd | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { reason, retryAfterMs } = raw as Record<string, unknown>;
  if (typeof reason !== 'string') return undefined;
  if (retryAfterMs === null) return { reason, retryAfterMs: null };
  if (typeof retryAfterMs !== 'number' || !Number.isFinite(retryAfterMs) || retryAfterMs < 0) return undefined;
  return { reason, retryAfterMs };
}

/**
 * Extension `GET /notifications/stream` read with fetch() and a ReadableStream (EventSource cannot send the
 * Authorization header). Resolves when the server ends the stream; rejects with `StreamUnavailableError` when the
 * deployment does not offer it (404/405/501, or an answer that is not `text/event-stream`), with an `ApiError`
 * for other refusals (a 401 or a 403 `account_disabled` ending the session, as any request's does), or with the
 * network error.
 */
export async function streamNotifications(handlers: StreamHandlers): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', 'X-Requested-With': 'XMLHttpRequest' };
  if (handlers.authorization) headers.Authorization = handlers.authorization;
  const response = await globalThis.fetch(buildUrl(apiBaseUrl(), '/notifications/stream'), {
    headers,
    signal: handlers.signal,
    cache: 'no-store',
  });
  if (response.status === 404 || response.status === 405 || response.status === 501) {
    throw new StreamUnavailableError(`GET /notifications/stream answered ${response.status}`);
  }
  // A refusal of the stored credentials (the password changed elsewhere, the account disabled) ends the session here
  // too: the stream is what an idle page has open, and reconnecting would only meet it again.
  if (!response.ok) throw await failedAnswer(response, handlers.authorization);
  if (!/^text\/event-stream/i.test(response.headers.get('Content-Type') ?? '') || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new StreamUnavailableError('GET /notifications/stream did not answer an event stream');
  }
  handlers.onOpen();
  const parser = createSseParser((event) => {
    if (event.event === 'end') {
      const end = parseStreamEnd(event.data);
      if (end) handlers.onEnd?.(end);
      return;
    }
    if (event.event !== 'notification') return;
    let raw: unknown;
    try {
      raw = JSON.parse(event.data);
    } catch {
      return;
    }
    handlers.onNotification(parseRecord(notification, raw));
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      handlers.onActivity();
      parser.feed(value);
    }
  } finally {
    reader.releaseLock();
  }
}
