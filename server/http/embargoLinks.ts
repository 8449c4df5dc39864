/**
 * Media links and embargoes (docs/API.md "Embargoes"): what a record shows of an embargoed file or preview, and the
 * check at serve time. Ordinary links (mediaLinks.ts) are refused while an embargo is in force, whenever they were
 * made; a caller who may bypass it (domain/embargo.ts, mayBypassEmbargo) gets a short-lived link signed for the
 * embargo (`embargo=bypass`), which the serving path lets through.
 */
import type { LinkSigner } from '../domain/signing';
import { HttpError } from './errors';
import type { EmbargoInForce } from '../domain/embargo';

/** Minutes, not the hour of ordinary links: a bypass link copied out of the app stops working soon. */
export const BYPASS_LINK_LIFETIME_SECONDS = 600;

const BYPASS = 'bypass';
/** What a bypass link's signature covers: the path and the mark, so an ordinary link's signature is never one. */
const bypassSubject = (path: string) => `${path}#embargo`;

/** A link to `path` that still works under embargo: only for a caller who may bypass it. */
export function bypassLink(signer: LinkSigner, path: string, now = Date.now()): string {
  const subject = bypassSubject(path);
  const signed = signer.sign(subject, now, BYPASS_LINK_LIFETIME_SECONDS);
  return `${path}?${signed.slice(subject.length + 1)}&embargo=${BYPASS}`;
}

export interface SignedQuery {
  expires?: string;
  sig?: string;
  embargo?: string;
}

/** Verifies a media link (403 tampered, 410 expired): its expiry, and whether it was signed to pass an embargo. */
export function verifyMediaLink(
  signer: LinkSigner,
  path: string,
  query: SignedQuery,
): { expires: number; bypass: boolean } {
  const bypass = query.embargo === BYPASS;
  if (query.embargo !== undefined && !bypass) throw new HttpError(403, 'forbidden', 'this link is not valid');
  return { expires: signer.verify(bypass ? bypassSubject(path) : path, query.expires, query.sig), bypass };
}

/** The 403 of bytes under embargo: until when, when known. */
export function embargoed(what: 'file' | 'preview', embargo: EmbargoInForce): HttpError {
  const when =
    embargo.until !== undefined ? `until ${new Date(embargo.until * 1000).toISOString()}` : 'until an admin lifts it';
  const subject = what === 'file' ? 'this file is' : "this preview's asset has files";
  return new HttpError(403, 'embargoed', `${subject} under embargo ${when}`, {
    until: embargo.until ?? null,
    event: embargo.event,
  });
}

/** `$embargo` of a file or preview record (extension): the embargo in force and whether this caller is held by it. */
export function embargoBlock(embargo: EmbargoInForce, locked: boolean, requested = false) {
  return { until: embargo.until ?? null, event: embargo.event, locked, ...(locked ? { requested } : {}) };
}
