/**
 * Notifications: the spec's GET and PUT /notifications (the caller's own only), and the Server-Sent Events
 * stream of new ones (extension). Query parameters as docs/API.md decides: q, type, read, summary.
 */
import type { FastifyPluginAsync } from 'fastify';
import { notification as notificationSchema } from '../../src/api/schema/notification';
import type { Doc, Filter } from '../storage/store';
import { callerOf } from '../context';
import { presentNotification } from '../http/present';
import { badRequest, notFound } from '../http/errors';
import { presentContext, queryBool, queryString, sendPage, upsertRecord, type RouteOptions } from './helpers';

const HEARTBEAT_MS = 20_000;

export const notificationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/notifications', async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    const filters: Filter[] = [{ field: 'to', op: 'eq', value: caller.id }];
    const q = queryString(request, 'q');
    if (q) filters.push({ field: 'search', op: 'contains', value: q.slice(0, 200) });
    const type = queryString(request, 'type');
    if (type) filters.push({ field: 'type', op: 'in', value: type.split(',').map((t) => t.trim()).filter(Boolean) });
    const read = queryBool(request, 'read');
    if (read !== undefined) filters.push({ field: 'read', op: 'eq', value: read });
    const summary = queryBool(request, 'summary') ?? false;
    return sendPage<Doc>(request, reply, services, 'Notifications', {
      filters,
      sort: { field: 'added', dir: 'desc' },
    }, (n) => presentNotification(ctx, n, summary));
  });

  app.put('/notifications', async (request, reply) =>
    upsertRecord<Doc>(request, reply, services, {
      collection: 'Notifications',
      what: 'notification',
      schema: notificationSchema,
      authorize(caller, current) {
        if (current && current.to !== caller.id) throw notFound('notification');
      },
      prepare(next, fields, _caller, current) {
        if (!current) throw badRequest('_id: required');
        // Only the reader's flags change; the rest of a notification is the server's record of an event.
        const out: Doc = { ...current };
        if (typeof fields.read === 'boolean') out.read = fields.read;
        if (typeof fields.viewed === 'boolean') out.viewed = fields.viewed;
        return { ...out, _id: next._id };
      },
      present: (ctx, n) => presentNotification(ctx, n),
    }, { allowCreate: false }),
  );

  app.get('/notifications/stream', (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    reply.hijack();
    const res = reply.raw;
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
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    request.raw.on('close', close);
    res.on('error', close);
  });
};
