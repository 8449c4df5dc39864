/**
 * Using a signed link (docs/API.md, "Signed links"): the signature and expiry (domain/signing.ts), then the person it
 * was made for, checked on every use and never cached, so a change of access counts on the next request on every
 * instance: the user must still exist and not be disabled, and must still pass the read check of the record's own
 * GET route, called as that user (`request.caller` is set to them: whoever holds the link acts as its person, no more).
 * A link whose person lost access is `403 link_revoked`; a record that is gone stays `404`.
 */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../context';
import type { Caller, UserDoc } from '../domain/types';
import type { VerifiedLink } from '../domain/signing';
import type { Collection } from '../storage/store';
import { isDisabled } from '../domain/auth';
import { HttpError, httpErrorOf } from './errors';

export const linkRevoked = () =>
  new HttpError(
    403,
    'link_revoked',
    'this link no longer gives access: the access of the person it was made for has changed; ask for a new link',
  );

export interface OpenedLink {
  link: VerifiedLink;
  caller: Caller;
}

/**
 * Verifies the link of `request` for `path` and makes its person the request's caller (403 tampered, 410 expired,
 * 403 `link_revoked` for a person who is gone or disabled).
 */
export async function openLink(request: FastifyRequest, services: Services, path: string): Promise<OpenedLink> {
  const link = services.signer.verify(path, request.query as Record<string, unknown>);
  const user = (await services.store.get<UserDoc>('Users', link.user))?.doc;
  if (!user || isDisabled(user)) throw linkRevoked();
  const caller = await services.auth.callerFor(user);
  request.caller = caller;
  return { link, caller };
}

/**
 * Runs the record's read check (the one its GET route uses) as the link's person: what it refuses (404 out of scope,
 * 403) becomes `link_revoked` while the record exists; a record that is gone stays 404.
 */
export async function readAsLinkHolder<T>(
  services: Services,
  collection: Collection,
  id: string,
  readCheck: () => Promise<T>,
): Promise<T> {
  try {
    return await readCheck();
  } catch (e) {
    const refused = httpErrorOf(e);
    if (refused && (refused.status === 403 || refused.status === 404)) {
      if (await services.store.get(collection, id)) throw linkRevoked();
    }
    throw e;
  }
}
