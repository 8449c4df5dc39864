/**
 * Invitation codes (docs/API.md, "Invitations"): the one-time credential an invited user accepts with. A code is
 * the user's id and 128 random bits, and lapses after the invitation's lifetime (14 days unless
 * INVITATION_TTL_SECONDS says otherwise); an admin may issue a new one, which replaces the old.
 */
import { randomBytes } from 'node:crypto';
import type { UserDoc } from './types';

export const DEFAULT_INVITATION_TTL_SECONDS = 14 * 86_400;

/** What a user document stores of its pending invitation (never sent to anyone but admins). */
export interface InvitationFields {
  inviteCode?: string;
  /** Epoch seconds after which the code no longer opens the invitation. */
  inviteExpires?: number;
  /** The share that invited them, when a share did (only its sender may issue them a new code). */
  invitedThrough?: string;
}

export type InvitedUserDoc = UserDoc & InvitationFields;

/** A code and its lapse, as issued. */
export type IssuedInvitation = Required<Pick<InvitationFields, 'inviteCode' | 'inviteExpires'>>;

/** A fresh code for `userId`, valid for `ttlSeconds` from `nowSeconds`. */
export function issueInvitation(userId: string, nowSeconds: number, ttlSeconds: number): IssuedInvitation {
  // The user's id, then 128 random bits: POST /invitations/{code} finds the user without an index (routes/invitations.ts).
  return { inviteCode: `${userId}.${randomBytes(16).toString('hex')}`, inviteExpires: nowSeconds + ttlSeconds };
}

/**
 * Whether the invitation is still waiting to be accepted: not accepted yet (`registered`) and not withdrawn
 * (`approved` false), with a code.
 */
export function isPending(doc: InvitedUserDoc): boolean {
  return typeof doc.inviteCode === 'string' && doc.status?.registered !== true && doc.status?.approved !== false;
}

/** Codes stored before invitations lapsed carry no expiry: they count from the user's creation. */
export function expiryOf(doc: InvitedUserDoc, ttlSeconds: number): number {
  return doc.inviteExpires ?? doc.created + ttlSeconds;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What an e-mail address must look like to be invited (a user's `emailNormal`, a share's newcomer). */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The fields of a new invited user with this (lower-cased) e-mail: not registered yet, no password, a fresh code
 * (`PUT /users` by an admin; a share to an address nobody on the platform has: docs/API.md "Invitations").
 */
export function invitedUserFields(
  userId: string,
  email: string,
  ttlSeconds: number,
): Pick<UserDoc, 'username' | 'emailNormal' | 'status' | 'invite'> & IssuedInvitation {
  return {
    username: email,
    emailNormal: email,
    status: { invited: true, approved: true, registered: false, confirmed: false },
    invite: '/invite/:code',
    ...issueInvitation(userId, nowSeconds(), ttlSeconds),
  };
}

/** A new user's preferences until they change them. */
export const DEFAULT_PREFERENCES = {
  blacklist: { projects: [] },
  ingest: { maxUploads: 3, skipScratchPreview: false },
  mail: { enabled: true },
};
