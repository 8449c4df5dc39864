/** Shares: the spec's PUT /shares/{id}, and the list / get extensions. Only participants see a share. */
import type { FastifyPluginAsync } from 'fastify';
import { share as shareSchema } from '../../src/api/schema/share';
import type { ShareDoc } from '../domain/types';
import { newId } from '../storage/store';
import { callerOf } from '../context';
import { presentShare } from '../http/present';
import { forbidden, notFound } from '../http/errors';
import { bodyPolicy, sendRecord } from '../http/records';
import { canEditShare, isShareParticipant } from '../domain/access';
import { emitShareEvent } from '../domain/events';
import { requireAssetsInScope } from '../domain/scope';
import { sharesOf } from '../domain/directory';
import { grantsWithin } from '../domain/grants';
import { listedAssets, requireShareWithinGrants } from '../domain/grantedActions';
import { findOr404, presentContext, sendArrayPage, sendPage, updateRecord, type RouteOptions } from './helpers';
import { idParams, pagedHeaders } from '../../src/api/schema/queries';

const SHARE_POLICY = bodyPolicy(shareSchema, { readOnly: ['from'] });

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { headers: pagedHeaders },
  getOne: { params: idParams },
  putOne: { params: idParams, body: shareSchema },
};

export const shareRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/shares', { schema: EDGES.get }, async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    if (caller.isAdmin) {
      return sendPage<ShareDoc>(request, reply, services, 'Shares', {}, (s) => presentShare(ctx, s));
    }
    const all = (await sharesOf(services.store, caller)).sort(
      (a, b) => b.created - a.created || b._id.localeCompare(a._id),
    );
    return sendArrayPage(request, reply, all, (s) => presentShare(ctx, s));
  });

  app.get<{ Params: { id: string } }>('/shares/:id', { schema: EDGES.getOne }, async (request, reply) => {
    const caller = callerOf(request);
    const found = await findOr404<ShareDoc>(services, 'Shares', request.params.id, 'share');
    if (!caller.isAdmin && !isShareParticipant(caller, found.doc)) throw notFound('share');
    return sendRecord(reply, found, await presentShare(presentContext(request, services), found.doc));
  });

  app.put<{ Params: { id: string } }>('/shares/:id', { schema: EDGES.putOne }, async (request, reply) =>
    updateRecord<ShareDoc>(
      request,
      reply,
      services,
      {
        collection: 'Shares',
        what: 'share',
        schema: shareSchema,
        // The sender is the server's (docs/API.md, "Writable fields").
        policy: () => SHARE_POLICY,
        authorize(caller, current) {
          if (!current) return;
          if (!caller.isAdmin && !isShareParticipant(caller, current)) throw notFound('share');
          if (!canEditShare(caller, current)) throw forbidden('only the sender or an admin changes a share');
        },
        async prepare(next, _fields, caller, current, tx) {
          // Assets added to the share (or to a recipient's permission) must be of the sender's studios.
          const before = new Set(listedAssets(current));
          await requireAssetsInScope(
            caller,
            tx,
            listedAssets(next).filter((id) => !before.has(id)),
          );
          // Someone who is not staff shares only on a grant holding `sharing`, and gives no more than they hold.
          await requireShareWithinGrants(await grantsWithin(caller, tx), tx, next, current);
          // The sender and the share's own id inside permissions are the server's to keep.
          return {
            ...next,
            // New permission records get their own id; every record points back at its share.
            permissions: (next.permissions ?? []).map((p) => ({ ...p, _id: p._id ?? newId(), share: next._id })),
          };
        },
        present: presentShare,
        async after(saved, previous, caller, tx) {
          const before = new Set((previous?.to ?? []).map((u) => u._id));
          const added = (saved.to ?? []).map((u) => u._id).filter((id): id is string => !!id && !before.has(id));
          await emitShareEvent(tx, services.bus, caller, saved, added);
        },
      },
      request.params.id,
    ),
  );
};
