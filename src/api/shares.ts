/** Shares: spec operation 7, and the list / get extensions (docs/API.md). */
import * as z from 'zod/mini';
import { share, shareFeedback, type Share, type ShareFeedback, type ShareFeedbackInput } from './schema/share';
import { user } from './schema/user';
import { requestList, requestRecord, send, seg, type ListOptions } from './client';
import { SHARES_PATH } from './listRequests';
import { conflictRecord, requestVersioned } from './versioned';

/** Operation 7 `PUT /shares/{id}`. */
export function putShare(id: string, record: Share) {
  return requestRecord(share, 'PUT', `/shares/${seg(id)}`, { body: record });
}

/**
 * Operation 7 with `If-Match` (docs/API.md): only the sender or an admin may write (a recipient gets 403);
 * `permissions`, when given, replace the stored list as a whole. A stale `etag` is a 409 whose
 * `details.current` is the share as it now is. Answers the saved share and its new ETag.
 */
export function putShareIfMatch(id: string, record: Share, etag: string | undefined) {
  return requestVersioned(share, 'PUT', `/shares/${seg(id)}`, { body: record, ifMatch: etag });
}

/** Extension `GET /shares`: the shares the caller sent or received, newest first. */
export function listShares(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(share, SHARES_PATH, options);
}

/** Extension `GET /shares/{id}`: one share (404 when the caller neither sent nor received it), with its ETag. */
export function getShare(id: string, signal?: AbortSignal) {
  return requestVersioned(share, 'GET', `/shares/${seg(id)}`, { signal });
}

/** The share a 409 carries in `details.current`, when it is one. */
export function shareConflictCurrent(error: unknown): Share | undefined {
  return conflictRecord(share, error);
}

/**
 * Extension `GET /users?q=` (admins and coordinators): people to share with. Others get 403, and a deployment
 * without the extension 404: callers fall back to typing an e-mail address.
 */
export function listShareCandidates(q: string, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(user, '/users', { ...options, query: { q } });
}

/** A newcomer a new share invited: the link the sender passes on (`invite`, with the code). */
export const shareInvitation = z.looseObject({
  user: z.string(),
  emailNormal: z.string(),
  inviteCode: z.string(),
  invite: z.string(),
});
export type ShareInvitation = z.infer<typeof shareInvitation>;
const newShareAnswer = z.looseObject({ _id: z.string(), $invitations: z.optional(z.array(shareInvitation)) });

/**
 * Extension `POST /shares` (docs/API.md "Sending a share"): the share with its recipients, assets, questions and
 * end; answers its id and the newcomers' invitation links.
 */
export async function postShare(body: Record<string, unknown>) {
  return (await requestRecord(newShareAnswer, 'POST', '/shares', { body })).data;
}

/** Extension `PUT /shares/{id}/feedback/{asset}`: the caller's vote, answers or comment, saved as given. */
export function putShareFeedback(id: string, asset: string, body: ShareFeedbackInput) {
  return requestRecord(shareFeedback, 'PUT', `/shares/${seg(id)}/feedback/${seg(asset)}`, { body });
}

/** Extension `GET /shares/{id}/feedback`: every recipient's feedback for the sender, one's own otherwise. */
export async function getShareFeedback(id: string, signal?: AbortSignal): Promise<ShareFeedback[]> {
  const { json } = await send('GET', `/shares/${seg(id)}/feedback`, { signal });
  // Lenient as every list: a record that cannot be read is left out rather than failing the whole answer.
  return (Array.isArray(json) ? json : []).flatMap((item) => {
    const parsed = z.safeParse(shareFeedback, item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A newcomer's new invitation (`POST /shares/{id}/invitations/{user}`): the link the sender may pass on too. */
export const reinvitation = z.looseObject({
  user: z.string(),
  emailNormal: z.optional(z.string()),
  inviteCode: z.string(),
  invite: z.string(),
});
export type Reinvitation = z.infer<typeof reinvitation>;

/**
 * Extension `POST /shares/{id}/invitations/{user}` (docs/API.md "Managing a share"): a new code and mail for a newcomer
 * this share invited; the old code stops working. `409` when they joined meanwhile.
 */
export async function postShareInvitation(id: string, user: string) {
  return (await requestRecord(reinvitation, 'POST', `/shares/${seg(id)}/invitations/${seg(user)}`, { body: {} })).data;
}
