/**
 * Shares: the spec's PUT /shares/{id}, and the extensions: list / get, POST /shares (sending one), recipients'
 * feedback (PUT/GET /shares/{id}/feedback) and a newcomer's invitation sent again. Only participants see a share.
 */
import { scheduleInvitationMail } from '../domain/mail/schedule';
import type { FastifyPluginAsync } from 'fastify';
import { share as shareSchema, shareFeedbackInput } from '../../src/api/schema/share';
import type { GroupDoc, ShareDoc } from '../domain/types';
import { newId, type Transaction } from '../storage/store';
import { callerOf } from '../context';
import { presentShare } from '../http/present';
import { conflict, forbidden, notFound } from '../http/errors';
import { bodyPolicy, parseBody, parseInput, sendRecord, NO_FIELDS } from '../http/records';
import { canEditShare, isShareParticipant } from '../domain/access';
import { emitShareEvent, emitShareFeedbackEvent } from '../domain/events';
import { buildNewShare, completeShareEdit } from '../domain/newShare';
import {
  feedbackOfShare,
  requireFeedbackOpen,
  saveFeedback,
  seesAllFeedback,
  votingViewOf,
} from '../domain/shareFeedback';
import { issueInvitation, nowSeconds, type InvitedUserDoc } from '../domain/invitations';
import type { UserDoc } from '../domain/types';
import { requireAssetsInScope } from '../domain/scope';
import { sharesOf } from '../domain/directory';
import { grantsWithin } from '../domain/grants';
import { listedAssets, requireShareWithinGrants } from '../domain/grantedActions';
import { findOr404, presentContext, sendArrayPage, sendPage, updateRecord, type RouteOptions } from './helpers';
import { idParams, pagedHeaders, shareAssetParams, shareUserParams } from '../../src/api/schema/queries';

const SHARE_POLICY = bodyPolicy(shareSchema, { readOnly: ['from'] });
/** What a new share's body sets: what the sender chooses; the rest (summaries, links, counts) is the server's. */
const NEW_SHARE_POLICY = bodyPolicy(shareSchema, {
  readOnly: ['from', 'assetsCount', 'assetCategory', 'projectNames', 'tags', 'urls'],
});

/** The users a share reaches: those named in `to` and the members of its groups. */
async function recipientIds(tx: Transaction, share: ShareDoc): Promise<string[]> {
  const groupIds = (share.groups ?? []).filter((g): g is string => typeof g === 'string');
  const groups = groupIds.length ? await tx.getMany<GroupDoc>('Groups', groupIds) : [];
  const ids = [...(share.to ?? []).map((u) => u._id), ...groups.flatMap((g) => g.doc.users ?? [])];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { headers: pagedHeaders },
  getOne: { params: idParams },
  post: { body: shareSchema },
  putOne: { params: idParams, body: shareSchema },
  getFeedback: { params: idParams },
  putFeedback: { params: shareAssetParams, body: shareFeedbackInput },
  invite: { params: shareUserParams, body: NO_FIELDS },
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

  /**
   * Extension (docs/API.md "Sending a share"): a new share, atomic with its Permissions, the users it invites and the
   * recipients' notifications. The answer is the share as its sender reads it, with `$invitations`: the newcomers'
   * invitation codes, for the sender to pass on (as an admin does after `PUT /users`).
   */
  app.post('/shares', { schema: EDGES.post }, async (request, reply) => {
    const caller = callerOf(request);
    // Staff share their studios' assets; anyone else what a grant with `sharing` lets them (checked below).
    const { fields } = parseBody(shareSchema, request.body, NEW_SHARE_POLICY);
    const { stored, invited } = await services.store.transaction(async (tx) => {
      const now = nowSeconds();
      const { share, invited } = await buildNewShare(tx, caller, fields, {
        invitationTtl: services.invitationTtl,
        nowSeconds: now,
      });
      await requireAssetsInScope(caller, tx, listedAssets(share));
      await requireShareWithinGrants(await grantsWithin(caller, tx), tx, share, undefined);
      const stored = await tx.insert<ShareDoc>('Shares', share);
      await emitShareEvent(tx, services.bus, caller, stored.doc, await recipientIds(tx, stored.doc));
      return { stored, invited };
    });
    reply.code(201);
    sendRecord(reply, stored, undefined);
    return {
      ...(await presentShare(presentContext(request, services), stored.doc)),
      $invitations: invited.map((i) => ({ ...i, invite: `/invite/${i.inviteCode}` })),
    };
  });

  /**
   * Extension (docs/API.md "Share feedback"): a recipient's vote, answers and comment on one shared asset, saved as
   * they go; only while the share is active and its feedback open.
   */
  app.put<{ Params: { id: string; asset: string } }>(
    '/shares/:id/feedback/:asset',
    { schema: EDGES.putFeedback },
    async (request) => {
      const caller = callerOf(request);
      const input = parseInput(shareFeedbackInput, request.body);
      const saved = await services.store.transaction(async (tx) => {
        const found = await findOr404<ShareDoc>(tx, 'Shares', request.params.id, 'share');
        if (!caller.isAdmin && !isShareParticipant(caller, found.doc)) throw notFound('share');
        const now = nowSeconds();
        const asset = await requireFeedbackOpen(tx, caller, found.doc, request.params.asset, now);
        const { doc, previous } = await saveFeedback(tx, caller, found.doc, asset, input, now);
        if (!previous) await emitShareFeedbackEvent(tx, services.bus, caller, found.doc, now);
        return doc;
      });
      return saved;
    },
  );

  /**
   * Extension: the feedback on a share: every recipient's for its sender, admins and those whose Permission holds
   * `shareVotingView`; a recipient's own otherwise.
   */
  app.get<{ Params: { id: string } }>('/shares/:id/feedback', { schema: EDGES.getFeedback }, async (request) => {
    const caller = callerOf(request);
    const found = await findOr404<ShareDoc>(services, 'Shares', request.params.id, 'share');
    if (!caller.isAdmin && !isShareParticipant(caller, found.doc)) throw notFound('share');
    const records = await feedbackOfShare(services.store, found.doc._id);
    if (seesAllFeedback(caller, found.doc, votingViewOf(caller, found.doc))) return records;
    return records.filter((r) => r.user === caller.id);
  });

  /** Extension: a new invitation code for a recipient who has not accepted yet (the sender passes the link on). */
  app.post<{ Params: { id: string; user: string } }>(
    '/shares/:id/invitations/:user',
    { schema: EDGES.invite },
    async (request) => {
      const caller = callerOf(request);
      parseInput(NO_FIELDS, request.body);
      return services.store.transaction(async (tx) => {
        const share = await findOr404<ShareDoc>(tx, 'Shares', request.params.id, 'share');
        if (!caller.isAdmin && !isShareParticipant(caller, share.doc)) throw notFound('share');
        if (!canEditShare(caller, share.doc)) throw forbidden('only the sender or an admin invites again');
        if (!(share.doc.to ?? []).some((u) => u._id === request.params.user)) throw notFound('recipient');
        const user = await findOr404<InvitedUserDoc>(tx, 'Users', request.params.user, 'recipient');
        if (user.doc.status?.registered === true || !user.doc.status?.invited)
          throw conflict('this recipient is on the platform already: they need no invitation');
        // Someone invited otherwise (by an admin, another share) is not this share's to re-invite: the code is theirs.
        if (user.doc.invitedThrough !== share.doc._id)
          throw forbidden('this recipient was not invited by this share: an admin sends their invitation');
        const code = issueInvitation(user.doc._id, nowSeconds(), services.invitationTtl);
        await tx.replace<UserDoc>('Users', { ...user.doc, ...code }, user.version);
        await scheduleInvitationMail(tx, { user: user.doc._id, share: share.doc._id, code: code.inviteCode });
        return {
          user: user.doc._id,
          emailNormal: user.doc.emailNormal,
          inviteCode: code.inviteCode,
          invite: `/invite/${code.inviteCode}`,
        };
      });
    },
  );

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
        async prepare(edited, _fields, caller, current, tx) {
          const { share: next } = current
            ? await completeShareEdit(tx, edited, current, services.invitationTtl)
            : { share: edited };
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
