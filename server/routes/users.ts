/** Users: the spec's PUT /users, PUT/GET /users/{id}, and the sign-in, me and list extensions. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../src/api/schema/invitation';
import { adminUser as userSchema } from '../../src/api/schema/user';
import type { UserDoc, Caller, GroupDoc } from '../domain/types';
import { callerOf } from '../context';
import { presentUser, presentUserName, presentGroup } from '../http/present';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { throughGate } from '../http/signInGuard';
import {
  DEFAULT_PREFERENCES,
  EMAIL_PATTERN,
  invitedUserFields,
  issueInvitation,
  nowSeconds,
  type InvitedUserDoc,
} from '../domain/invitations';
import { etagOf } from '../http/etag';
import { bodyPolicy, narrowPolicy, parseInput, NO_FIELDS } from '../http/records';
import type { Filter } from '../storage/store';
import { inStudioScope } from '../domain/access';
import { assigneeWork } from '../domain/assigneeWork';
import { vendorGroupsFor, whyNotAssignable } from '../domain/assignees';
import { directoryFilters, userViewOf, visibleGroups } from '../domain/directory';
import {
  findOr404,
  presentContext,
  sendArrayPage,
  sendPage,
  upsertRecord,
  updateRecord,
  type RouteOptions,
  type WriteSpec,
} from './helpers';
import { idParams, unreadBody, userListQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';
import { scheduleInvitationMail } from '../domain/mail/schedule';

/**
 * What a body may set on a user (docs/API.md, "Writable fields"): the contract's fields and the write-only
 * `password`; the invitation code and its expiry are the server's (POST /users/{id}/invitation issues them).
 */
const ADMIN_POLICY = bodyPolicy(userSchema, { readOnly: ['inviteCode', 'inviteExpires'], extra: ['password'] });
/** A user's body as described (GET /api/openapi.json): the record, and the write-only `password` of the policy. */
const userBody = z.extend(userSchema, { password: z.optional(z.string()) });
/** Anyone else edits their own profile: not their groups, status, sign-in name or invitation. */
const OWN_POLICY = narrowPolicy(ADMIN_POLICY, ['groups', 'status', 'username', 'emailNormal', 'invite']);

function groupIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((g) => (typeof g === 'string' ? g : (g as { _id?: unknown })?._id))
    .filter((g): g is string => typeof g === 'string');
}

/**
 * Who may write a user record, as far as its id tells: an admin any, anyone else only their own. Decided before any
 * work (a password is hashed only after it), and again in the write on the record it reads.
 */
function mayWrite(caller: Caller, id: unknown): void {
  if (caller.isAdmin) return;
  if (typeof id !== 'string' || id === '') throw forbidden('only admins create users');
  if (id !== caller.id) throw forbidden('you may only change your own profile');
}

const duplicateEmail = (email: string) => `a user with the e-mail ${email} exists already`;

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  postSession: { body: unreadBody },
  get: { querystring: userListQuery, headers: pagedHeaders },
  getGroups: { headers: pagedHeaders },
  getOne: { params: idParams },
  invite: { params: idParams, body: NO_FIELDS },
  put: { body: userBody },
  putOne: { params: idParams, body: userBody },
};

export const userRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store, auth } = services;

  const spec = (passwordHash?: string): WriteSpec<UserDoc> => ({
    collection: 'Users',
    what: 'user',
    schema: userSchema,
    policy: (caller) => (caller.isAdmin ? ADMIN_POLICY : OWN_POLICY),
    authorize: (caller: Caller, current) => mayWrite(caller, current?._id),
    async prepare(next, fields, caller, current, tx) {
      const out = { ...next } as InvitedUserDoc & { password?: unknown };
      delete out.password;
      if ('groups' in fields) out.groups = groupIds(fields.groups);
      if (!current) {
        const given = fields.emailNormal ?? fields.username;
        const email = (typeof given === 'string' ? given : '').trim().toLowerCase();
        if (!EMAIL_PATTERN.test(email)) throw badRequest('emailNormal: expected an e-mail address');
        // A friendly early answer; the database's unique index is the guard (`duplicate` below).
        if (await auth.findUserByUsername(email, tx)) throw conflict(duplicateEmail(email));
        Object.assign(out, invitedUserFields(out._id, email, services.invitationTtl));
        out.groups = groupIds(fields.groups);
        out.preferences ??= DEFAULT_PREFERENCES;
        // Invited by mail at once (docs/API.md "Invitations"): the job exists exactly when the user does.
        await scheduleInvitationMail(tx, { user: out._id, code: String(out.inviteCode), by: caller.id });
      } else if (caller.isAdmin && 'emailNormal' in fields) {
        const email = String(fields.emailNormal).trim().toLowerCase();
        const other = await auth.findUserByUsername(email, tx);
        if (other && other._id !== current._id) throw conflict(duplicateEmail(email));
        out.emailNormal = email;
        out.username = email;
      }
      if (passwordHash) out.passwordHash = passwordHash;
      return out;
    },
    present: presentUser,
    duplicate: (_field, doc) => duplicateEmail(doc.emailNormal ?? doc.username ?? ''),
  });

  /**
   * Hashes a `password` field (extension, write-only) before the write, through the password gate; called only once
   * the caller may write the record (`mayWrite`), so refused requests cost no scrypt.
   */
  async function passwordHashOf(body: unknown, reply: FastifyReply): Promise<string | undefined> {
    const password = (body as { password?: unknown } | undefined)?.password;
    if (password === undefined) return undefined;
    if (typeof password !== 'string' || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      throw badRequest(`password: expected ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
    }
    return throughGate(reply, () => auth.hashNew(password));
  }

  /**
   * One's own new password needs the current one (`currentPassword`, write-only, taken out of the body here), checked
   * as a sign-in is: a wrong one is a 403 and counts against the sign-in limits (docs/API.md, "Changing a password").
   * An admin setting someone else's password needs none.
   */
  async function confirmOwnPassword(request: FastifyRequest, reply: FastifyReply, id: unknown): Promise<void> {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object') return;
    const current = body.currentPassword;
    delete body.currentPassword;
    const caller = callerOf(request);
    if (body.password === undefined || id !== caller.id) return;
    if (typeof current !== 'string' || current === '') {
      throw badRequest('currentPassword: give your current password to change it', [
        { path: 'currentPassword', message: 'required to change your own password' },
      ]);
    }
    await app.confirmPassword(request, reply, caller.user.username ?? caller.user.emailNormal ?? '', current);
  }

  app.post('/session', { schema: EDGES.postSession }, async (request) =>
    presentUser(presentContext(request, services), callerOf(request).user),
  );

  app.get('/users/me', async (request, reply) => {
    const caller = callerOf(request);
    const found = await findOr404<UserDoc>(services, 'Users', caller.id, 'user');
    reply.header('ETag', etagOf(found.doc._id, found.version));
    return presentUser(presentContext(request, services), found.doc);
  });

  /**
   * `?assignableTo=<studio>|any` (docs/API.md, "Assignable people"): the people the studio's work (`any`: the work of
   * any studio the caller coordinates) may be assigned to, with the vendors (translator groups) they are listed
   * for. Admins and the studio's coordinators only.
   */
  async function assignableTo(
    caller: Caller,
    studio: string,
  ): Promise<{ filters: Filter[]; vendors: GroupDoc[]; studios: string[] }> {
    let studios: string[];
    if (studio === 'any') {
      if (!caller.isAdmin && !caller.isCoordinator)
        throw forbidden('only admins and coordinators list the people their studios work with');
      const all = caller.isAdmin ? (await store.list('Studios', { offset: 0, limit: 10_000 })).items : [];
      studios = caller.isAdmin ? all.map((s) => s._id) : [...caller.studios];
    } else {
      if (!inStudioScope(caller, studio)) {
        if (caller.isCoordinator) throw forbidden('assignableTo: you may only list the people of your own studios');
        throw forbidden('only admins and the studio’s coordinators list the people it works with');
      }
      if (!/^[0-9a-f]{24}$/.test(studio) || !(await store.get('Studios', studio)))
        throw badRequest('assignableTo: no studio with this id', [
          { path: 'assignableTo', message: 'no studio with this id' },
        ]);
      studios = [studio];
    }
    // Groups are few: one read of all of them.
    const groups = (await store.list<GroupDoc>('Groups', { offset: 0, limit: 10_000 })).items;
    const vendors = vendorGroupsFor(groups, studios);
    return { filters: [{ field: 'groups', op: 'contains', value: vendors.map((g) => g._id) }], vendors, studios };
  }

  app.get('/users', { schema: EDGES.get }, async (request, reply) => {
    const caller = callerOf(request);
    // The caller's directory (docs/API.md, "Who sees whom"): a coordinator's, the people of their studios' groups.
    const directory = await directoryFilters(store, caller);
    if (!directory) throw forbidden('only admins and coordinators list users');
    const ctx = presentContext(request, services);
    const query = queryOf(request, userListQuery);
    const studio = query.assignableTo;
    const assignable = studio === undefined ? undefined : await assignableTo(caller, studio);
    const filters: Filter[] = assignable?.filters ?? directory;
    const vendorsOf = (u: UserDoc) => assignable?.vendors.filter((g) => (u.groups ?? []).includes(g._id)) ?? [];
    const nowSeconds = Math.floor(Date.now() / 1000);
    const present = async (u: UserDoc) =>
      assignable
        ? {
            ...(await presentUser(ctx, u)),
            $vendors: vendorsOf(u).map((g) => ({ _id: g._id, name: g.name })),
            $work: await assigneeWork(store, caller, u._id, { project: query.project, nowSeconds }),
          }
        : presentUser(ctx, u);
    const q = query.q?.toLowerCase();
    if (q || assignable) {
      // Users are few: filter the whole (scoped) list in memory over name and e-mail (and, for the people a studio
      // may be assigned, without disabled accounts: assignees.ts).
      const all = (
        await store.list<UserDoc>('Users', {
          filters,
          offset: 0,
          limit: 100_000,
          sort: { field: 'name', dir: 'asc' },
        })
      ).items;
      const matches = all.filter(
        (u) =>
          (!q || `${u.name ?? ''} ${u.emailNormal ?? ''}`.toLowerCase().includes(q)) &&
          (!assignable || whyNotAssignable(u, vendorsOf(u), assignable.studios) === undefined),
      );
      return sendArrayPage(request, reply, matches, present);
    }
    return sendPage<UserDoc>(
      request,
      reply,
      services,
      'Users',
      { filters, sort: { field: 'name', dir: 'asc' } },
      present,
    );
  });

  app.get('/groups', { schema: EDGES.getGroups }, async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    // Admins every group; others theirs and their studios' (docs/API.md, "Who sees whom").
    const filters: Filter[] = caller.isAdmin
      ? []
      : [{ field: '_id', op: 'in', value: (await visibleGroups(store, caller)).map((g) => g._id) }];
    return sendPage<GroupDoc>(
      request,
      reply,
      services,
      'Groups',
      { filters, sort: { field: 'name', dir: 'asc' } },
      (g) => presentGroup(ctx, g),
    );
  });

  /**
   * One user, as much as the caller may read (docs/API.md, "Who sees whom"): in full, by name only, or a 404 as for
   * an unknown id (someone the caller does not work with is not revealed to exist).
   */
  app.get<{ Params: { id: string } }>('/users/:id', { schema: EDGES.getOne }, async (request, reply) => {
    const found = await findOr404<UserDoc>(services, 'Users', request.params.id, 'user');
    const view = await userViewOf(store, callerOf(request), found.doc);
    if (!view) throw notFound('user');
    reply.header('ETag', etagOf(found.doc._id, found.version));
    const ctx = presentContext(request, services);
    return view === 'full' ? presentUser(ctx, found.doc) : presentUserName(ctx, found.doc);
  });

  /**
   * Extension (docs/API.md, "Invitations"): a new invitation code for a user who has not accepted yet, replacing the
   * old one (lost, lapsed, or withdrawn: issuing re-opens the invitation). Admins only; the answer is the user as an
   * admin reads it, with the new code.
   */
  app.post<{ Params: { id: string } }>('/users/:id/invitation', { schema: EDGES.invite }, async (request, reply) => {
    if (!callerOf(request).isAdmin) throw forbidden('only admins send invitations');
    parseInput(NO_FIELDS, request.body);
    const { next, stored } = await store.transaction(async (tx) => {
      const found = await findOr404<InvitedUserDoc>(tx, 'Users', request.params.id, 'user');
      if (found.doc.status?.registered === true) throw conflict('this user has accepted the invitation already');
      const next: InvitedUserDoc = {
        ...found.doc,
        status: { ...found.doc.status, invited: true, approved: true },
        invite: found.doc.invite ?? '/invite/:code',
        ...issueInvitation(found.doc._id, nowSeconds(), services.invitationTtl),
      };
      const stored = await tx.replace<UserDoc>('Users', next, found.version);
      await scheduleInvitationMail(tx, { user: next._id, code: String(next.inviteCode), by: callerOf(request).id });
      return { next, stored };
    });
    reply.header('ETag', etagOf(next._id, stored.version));
    return presentUser(presentContext(request, services), next);
  });

  /** After a user is written (committed): every instance ends the live streams the account no longer allows. */
  function accountWritten(user: unknown): unknown {
    const id = (user as { _id?: unknown } | undefined)?._id;
    if (typeof id === 'string') services.bus.publishAccountChange(id);
    return user;
  }

  app.put('/users', { schema: EDGES.put }, async (request, reply) => {
    const id = (request.body as { _id?: unknown } | null | undefined)?._id;
    mayWrite(callerOf(request), id);
    await confirmOwnPassword(request, reply, id);
    const hash = await passwordHashOf(request.body, reply);
    return accountWritten(await upsertRecord(request, reply, services, spec(hash)));
  });

  app.put<{ Params: { id: string } }>('/users/:id', { schema: EDGES.putOne }, async (request, reply) => {
    mayWrite(callerOf(request), request.params.id);
    await confirmOwnPassword(request, reply, request.params.id);
    const hash = await passwordHashOf(request.body, reply);
    return accountWritten(await updateRecord(request, reply, services, spec(hash), request.params.id));
  });
};
