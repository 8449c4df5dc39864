/**
 * Notifications: the spec's GET and PUT /notifications (the caller's own only), and the Server-Sent Events
 * stream of new ones (extension). Query parameters as docs/API.md decides: q, type, read, summary.
 */
import type { FastifyPluginAsync } from 'fastify';
import { notification as notificationSchema } from '../../src/api/schema/notification';
import type { Doc, Filter } from '../storage/store';
import { callerOf } from '../context';
import { presentNotification } from '../http/present';
import { notFound } from '../http/errors';
import { bodyPolicy, parseInput } from '../http/records';
import { z } from 'zod';
import { markAllRead } from '../domain/markRead';
import { endEventText, StreamRefused, type LiveStream, type StreamEnd } from '../http/liveStreams';
import { presentContext, sendPage, upsertRecord, type RouteOptions } from './helpers';
import { notificationListQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

const HEARTBEAT_MS = 20_000;

const markRead = z.object({ q: z.string().max(200).optional(), type: z.string().max(500).optional() });

/** Only the reader's flags change; the rest of a notification is the server's record of an event. */
const NOTIFICATION_POLICY = bodyPolicy(notificationSchema, {
  readOnly: ['from', 'to', 'event', 'type', 'title', 'emailSubject', 'sent', 'added'],
});

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { querystring: notificationListQuery, headers: pagedHeaders },
  put: { body: notificationSchema },
  postMarkRead: { body: markRead },
};

export const notificationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  /** The caller's notifications narrowed by `q` (title and subject) and `type` (one or several, comma-separated). */
  function inboxFilters(callerId: string, q: string | undefined, type: string | undefined): Filter[] {
    const filters: Filter[] = [{ field: 'to', op: 'eq', value: callerId }];
    if (q) filters.push({ field: 'search', op: 'contains', value: q.slice(0, 200) });
    if (type)
      filters.push({
        field: 'type',
        op: 'in',
        value: type
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      });
    return filters;
  }

  app.get('/notifications', { schema: EDGES.get }, async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    const query = queryOf(request, notificationListQuery);
    const filters = inboxFilters(caller.id, query.q, query.type);
    const read = query.read;
    if (read !== undefined) filters.push({ field: 'read', op: 'eq', value: read });
    const summary = query.summary ?? false;
    return sendPage<Doc>(
      request,
      reply,
      services,
      'Notifications',
      {
        filters,
        sort: { field: 'added', dir: 'desc' },
      },
      (n) => presentNotification(ctx, n, summary),
    );
  });

  app.put('/notifications', { schema: EDGES.put }, async (request, reply) =>
    upsertRecord<Doc>(
      request,
      reply,
      services,
      {
        collection: 'Notifications',
        what: 'notification',
        schema: notificationSchema,
        policy: () => NOTIFICATION_POLICY,
        authorize(caller, current) {
          if (current && current.to !== caller.id) throw notFound('notification');
        },
        present: (ctx, n) => presentNotification(ctx, n),
      },
      { allowCreate: false },
    ),
  );

  // Extension: mark every unread notification matching q/type read in one request ("mark all read").
  app.post('/notifications/markRead', { schema: EDGES.postMarkRead }, async (request) => {
    const input = parseInput(markRead, request.body);
    const caller = callerOf(request);
    const filters = inboxFilters(caller.id, input.q, input.type);
    filters.push({ field: 'read', op: 'eq', value: false });
    return { updated: await markAllRead(services.store, filters) };
  });

  /**
   * The live stream (docs/API.md, "Live notification stream"): held in `services.streams`, which caps streams per
   * user and per process and ends them, with a final `event: end` saying why and when to reconnect, on shutdown and
   * when the account stops allowing them.
   */
  app.get('/notifications/stream', (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    const res = reply.raw;
    const stream: LiveStream = {
      userId: caller.id,
      passwordHash: caller.user.passwordHash,
      end: (end) => finish(end),
    };
    try {
      services.streams.add(stream);
    } catch (e) {
      if (e instanceof StreamRefused) reply.header('Retry-After', String(e.retryAfterSeconds));
      throw e;
    }
    reply.hijack();
    // The headers the hooks set (CORS, security headers): a hijacked reply does not send them itself.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const unsubscribe = services.bus.subscribe(caller.id, (n) => {
      res.write(`event: notification\nid: ${n._id}\ndata: ${JSON.stringify(presentNotification(ctx, n, true))}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(`: heartbeat\n\n`), HEARTBEAT_MS);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      services.streams.remove(stream);
    };
    /** The server ends the stream: the final event says why and when to reconnect. */
    function finish(end: StreamEnd): void {
      if (closed) return;
      close();
      res.end(endEventText(end));
    }
    request.raw.on('close', close);
    res.on('error', close);
  });
};
