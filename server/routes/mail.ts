/**
 * Mail routes (docs/API.md "Mail"): the outbox and the mail jobs for admins, and the one-click unsubscribe link
 * (no Basic auth: its signature is the credential, domain/mail/unsubscribe.ts).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { mailKindParams, pagedHeaders, signedLinkQuery, unreadBody } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';
import type { Doc } from '../storage/store';
import { callerOf } from '../context';
import { badRequest, forbidden } from '../http/errors';
import { sendPage, type RouteOptions } from './helpers';
import { MAIL_DIGEST_TASK, MAIL_INVITATION_TASK, MAIL_NOTIFICATION_TASK } from '../domain/mail/schedule';
import { isUnsubscribeTarget, turnedOff, unsubscribePath } from '../domain/mail/unsubscribe';
import { escapeHtml, kindWords } from '../domain/mail/render';
import type { UserDoc } from '../domain/types';

const MAIL_TASKS = new Set([MAIL_NOTIFICATION_TASK, MAIL_DIGEST_TASK, MAIL_INVITATION_TASK]);

/** A small page for people who open the link in a browser (the CSP of API answers allows no script or style). */
function unsubscribePage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  outbox: { headers: pagedHeaders },
  unsubscribeForm: { params: mailKindParams, querystring: signedLinkQuery },
  unsubscribe: { params: mailKindParams, querystring: signedLinkQuery, body: unreadBody },
};

export const mailRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const adminOnly = (request: Parameters<typeof callerOf>[0]) => {
    if (!callerOf(request).isAdmin) throw forbidden('only admins read the outbox');
  };

  app.get('/mail/outbox', { schema: EDGES.outbox }, async (request, reply) => {
    adminOnly(request);
    return sendPage<Doc>(request, reply, services, 'Mails', { sort: { field: 'created', dir: 'desc' } }, (m) => m);
  });

  app.get('/mail/jobs', async (request) => {
    adminOnly(request);
    return (await services.store.listJobs(500)).filter((j) => MAIL_TASKS.has(j.task));
  });

  // A mail client's one-click POST (RFC 8058) and a browser's form both send a form body; it is not read.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );

  const verified = (target: string, request: FastifyRequest) => {
    if (!isUnsubscribeTarget(target)) throw badRequest(`no kind of mail "${target}"`);
    return services.signer.verify(unsubscribePath(target), queryOf(request, signedLinkQuery));
  };

  // GET shows what the link does and a button that POSTs it: a mail scanner following links turns nothing off.
  app.get<{ Params: { kind: string } }>(
    '/mail/unsubscribe/:kind',
    { schema: EDGES.unsubscribeForm },
    async (request, reply) => {
      const { kind } = request.params;
      verified(kind, request);
      if (!isUnsubscribeTarget(kind)) throw badRequest(`no kind of mail "${kind}"`);
      const what = kind === 'all' ? 'all e-mail from MWS Console' : `e-mail about ${kindWords(kind)}`;
      const action = escapeHtml(request.url);
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      return unsubscribePage(
        'Unsubscribe',
        `<p>Stop ${escapeHtml(what)}? You can turn it on again in Settings.</p><form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post<{ Params: { kind: string } }>(
    '/mail/unsubscribe/:kind',
    { schema: EDGES.unsubscribe },
    async (request, reply) => {
      const { kind } = request.params;
      const link = verified(kind, request);
      if (!isUnsubscribeTarget(kind)) throw badRequest(`no kind of mail "${kind}"`);
      await services.store.transaction(async (tx) => {
        const user = (await tx.get<UserDoc>('Users', link.user, { forUpdate: true }))?.doc;
        if (!user) return;
        const preferences = (user.preferences ?? {}) as Record<string, unknown>;
        const mail = turnedOff(preferences.mail as Record<string, unknown> | undefined, kind);
        await tx.replace<UserDoc>('Users', { ...user, preferences: { ...preferences, mail } });
      });
      reply.header('Cache-Control', 'no-store');
      if (request.headers.accept?.includes('text/html')) {
        reply.type('text/html; charset=utf-8');
        return unsubscribePage(
          'Unsubscribed',
          '<p>Done: you will get no more of these mails. Settings can turn them on again.</p>',
        );
      }
      return { ok: true, unsubscribed: kind };
    },
  );
};
