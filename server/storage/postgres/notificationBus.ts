/**
 * The notification bus across instances sharing one PostgreSQL database: `publish` sends `NOTIFY mws_notifications`
 * with the notification's id and recipient, and each process keeps one dedicated LISTEN connection that hands what
 * arrives to its local subscribers (the SSE streams). The publishing process hears its own NOTIFY like every other,
 * so it does not also deliver locally: each subscriber gets each notification once.
 *
 * The payload is only `{ id, to }` (a NOTIFY payload is limited to ~8000 bytes, and a notification embeds its event):
 * a process with a subscriber for `to` reads the notification from the store, which has it committed (`publish` runs
 * after the commit). A process without one reads nothing.
 *
 * Account changes (`publishAccountChange`: a user disabled, a password changed) go out on `mws_accounts` with
 * `{ user }`; every process, the publishing one too, hands them to its `onAccountChange` listeners, which end that
 * user's streams the account no longer allows (http/liveStreams.ts).
 *
 * When the LISTEN connection drops (a database restart ends it with 57P01) it is made again (after 1 s, then up to
 * 5 s between tries, so streams hear again within seconds of the database's return); notifications sent meanwhile
 * are not replayed on open streams (the inbox shows them on its next read); account changes missed meanwhile are
 * made up for by telling the listeners, once the connection is back, to check every stream. Every connection here
 * has an 'error' listener: a lost one never ends the process.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Doc } from '../store';
import type { NotificationBus } from '../../domain/events';
import { CONNECTION_OPTIONS } from './connection';

export const NOTIFICATION_CHANNEL = 'mws_notifications';
export const ACCOUNT_CHANNEL = 'mws_accounts';

/** The longest wait between two tries of the LISTEN connection. */
const MAX_RETRY_MS = 5000;

interface Payload {
  id: string;
  to: string;
}

function parsePayload(text: string | undefined): Payload | undefined {
  try {
    const p = JSON.parse(text ?? '') as Partial<Payload>;
    return typeof p.id === 'string' && typeof p.to === 'string' ? { id: p.id, to: p.to } : undefined;
  } catch {
    return undefined;
  }
}

function parseAccount(text: string | undefined): string | undefined {
  try {
    const p = JSON.parse(text ?? '') as { user?: unknown };
    return typeof p.user === 'string' ? p.user : undefined;
  } catch {
    return undefined;
  }
}

export interface PgNotificationBus extends NotificationBus {
  /** Resolves once the LISTEN connection is listening (the first time). */
  readonly listening: Promise<void>;
  close(): Promise<void>;
}

export function createPgNotificationBus(
  url: string,
  load: (id: string) => Promise<Doc | undefined>,
): PgNotificationBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const sender = new pg.Pool({ connectionString: url, max: 2, ...CONNECTION_OPTIONS });
  sender.on('error', (e) => console.error('PostgreSQL notification sender error', e.message));
  let listener: pg.Client | undefined;
  let closed = false;
  let retryMs = 1000;
  let retryTimer: NodeJS.Timeout | undefined;
  let connectedBefore = false;

  const deliver = async (payload: Payload) => {
    const event = `to:${payload.to}`;
    if (emitter.listenerCount(event) === 0) return;
    try {
      const n = await load(payload.id);
      if (n) emitter.emit(event, n);
    } catch (e) {
      console.error('a notification could not be read for its stream', e);
    }
  };

  /** Opens a LISTEN connection; on failure it is closed again and the promise rejects. */
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, ...CONNECTION_OPTIONS });
    const lost = (e?: Error) => {
      if (listener !== client) return;
      listener = undefined;
      void client.end().catch(() => undefined);
      if (closed) return;
      console.error(`PostgreSQL LISTEN connection lost${e ? `: ${e.message}` : ''}; reconnecting`);
      schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (m) => {
      if (m.channel === ACCOUNT_CHANNEL) {
        const user = parseAccount(m.payload);
        if (user) emitter.emit(ACCOUNT_CHANNEL, user);
        return;
      }
      if (m.channel !== NOTIFICATION_CHANNEL) return;
      const payload = parsePayload(m.payload);
      if (payload) void deliver(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATION_CHANNEL}; LISTEN ${ACCOUNT_CHANNEL}`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    if (closed) return void (await client.end().catch(() => undefined));
    listener = client;
    retryMs = 1000;
    // Account changes published while no connection listened were missed: every stream is checked once.
    if (connectedBefore) emitter.emit(ACCOUNT_CHANNEL, undefined);
    connectedBefore = true;
  };

  const schedule = () => {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((e: unknown) => {
        console.error('PostgreSQL LISTEN connection failed', e instanceof Error ? e.message : e);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        if (!closed) schedule();
      });
    }, retryMs);
  };

  const listening = connect();

  return {
    listening,
    publish(n) {
      const payload: Payload = { id: String(n._id), to: String(n.to) };
      sender
        .query('SELECT pg_notify($1, $2)', [NOTIFICATION_CHANNEL, JSON.stringify(payload)])
        .catch((e: unknown) => console.error('a notification could not be published', e));
    },
    subscribe(userId, fn) {
      emitter.on(`to:${userId}`, fn);
      return () => emitter.off(`to:${userId}`, fn);
    },
    publishAccountChange(userId) {
      sender
        .query('SELECT pg_notify($1, $2)', [ACCOUNT_CHANNEL, JSON.stringify({ user: userId })])
        .catch((e: unknown) => console.error('an account change could not be published', e));
    },
    onAccountChange(listener) {
      emitter.on(ACCOUNT_CHANNEL, listener);
      return () => emitter.off(ACCOUNT_CHANNEL, listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await sender.end();
    },
  };
}
