/** Extension: accepting an invitation (docs/API.md, "Invitations"); the one-time code is the credential. */
import { invitation, type InvitationAcceptance } from './schema/invitation';
import { requestRecord, seg } from './client';

/** `GET /invitations/{code}`: who is invited. 404 for an unknown or spent code. */
export function getInvitation(code: string, signal?: AbortSignal) {
  return requestRecord(invitation, 'GET', `/invitations/${seg(code)}`, { signal });
}

/** `POST /invitations/{code}`: sets the name and password and spends the code. */
export function acceptInvitation(code: string, body: InvitationAcceptance) {
  return requestRecord(invitation, 'POST', `/invitations/${seg(code)}`, { body });
}
