/**
 * Extension: accepting an invitation (docs/API.md, "Invitations"). `PUT /users` without `_id` creates an invited
 * user whose `invite` URL holds `:code`; the code, one-time and unguessable (the user's id and 128 random bits),
 * is the credential of these two routes, as a signed link is for a download:
 *
 *   GET  /invitations/{code}   who is invited (e-mail, name), so the page can greet them
 *   POST /invitations/{code}   { name, password }: sets the password, marks the user registered and confirmed,
 *                              and spends the code; the app then signs in with POST /session as usual.
 *
 * An unknown, malformed, spent or withdrawn (`status.approved` false) code is one answer, 404, so codes cannot be
 * probed apart. A right code past its expiry is 410 `gone`: only its holder can learn that, and it tells them to
 * ask for a new link (POST /users/{id}/invitation, admins; routes/users.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { invitationAcceptance } from '../../src/api/schema/invitation';
import { throughGate } from '../http/signInGuard';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/records';
import type { StoreOps, Stored } from '../storage/store';
import { isRecordId } from '../storage/store';
import { expiryOf, isPending, nowSeconds, type InvitedUserDoc } from '../domain/invitations';
import { againOnConflict, type RouteOptions } from './helpers';
import { codeParams } from '../../src/api/schema/queries';

const unknownInvitation = () => new HttpError(404, 'not_found', 'this invitation is unknown or has been used already');
const expiredInvitation = () =>
  new HttpError(410, 'gone', 'this invitation has expired: ask whoever invited you for a new link');

function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  getCode: { params: codeParams },
  postCode: { params: codeParams, body: invitationAcceptance },
};

export const invitationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store } = services;

  async function findInvited(code: string, ops: StoreOps = store): Promise<Stored<InvitedUserDoc>> {
    const id = code.split('.')[0] ?? '';
    const found = isRecordId(id) ? await ops.get<InvitedUserDoc>('Users', id) : undefined;
    if (!found || !isPending(found.doc) || !sameCode(found.doc.inviteCode ?? '', code)) throw unknownInvitation();
    if (expiryOf(found.doc, services.invitationTtl) < nowSeconds()) throw expiredInvitation();
    return found;
  }

  app.get('/invitations/:code', { schema: EDGES.getCode }, async (request, reply) => {
    const { doc } = await findInvited((request.params as { code: string }).code);
    reply.header('Cache-Control', 'no-store');
    return { emailNormal: doc.emailNormal, username: doc.username, name: doc.name };
  });

  app.post('/invitations/:code', { schema: EDGES.postCode }, async (request, reply) => {
    const code = (request.params as { code: string }).code;
    await findInvited(code); // a spent code is a 404 before the body is looked at
    const acceptance = parseInput(invitationAcceptance, request.body);
    const passwordHash = await throughGate(reply, () => services.auth.hashNew(acceptance.password));
    // Read again after the (asynchronous) hashing, in the write's transaction: the code may have been spent meanwhile.
    // Two acceptances at once on PostgreSQL both read it unspent and one loses the version check: it runs again,
    // finds the code spent and is the 404 it would have been a moment later (SQLite runs them one after the other).
    const next = await againOnConflict(undefined, () =>
      store.transaction(async (tx) => {
        const current = await findInvited(code, tx);
        const { inviteCode: _spent, inviteExpires: _expires, ...rest } = current.doc;
        const next = {
          ...rest,
          name: acceptance.name,
          passwordHash,
          status: { ...current.doc.status, invited: true, registered: true, confirmed: true },
        };
        await tx.replace<InvitedUserDoc>('Users', next, current.version);
        return next;
      }),
    );
    reply.header('Cache-Control', 'no-store');
    return { emailNormal: next.emailNormal, username: next.username, name: next.name };
  });
};
