/**
 * The refusals of the rules (docs/decisions/161-declared-edges.md): domain code says what went wrong in its own
 * words — the input is invalid, the caller may not, the record is not there, it conflicts — and the HTTP edge
 * (http/errors.ts, `httpErrorOf`) answers each kind with its status and error code, in one place. The domain knows
 * no HTTP.
 */

export type DomainErrorKind =
  /** The input breaks a rule (a wrong value, a missing reason). */
  | 'invalid'
  /** The caller may not do this. */
  | 'forbidden'
  /** No such record, or one the caller may not know of. */
  | 'notFound'
  /** The record's state does not allow it (already done, changed meanwhile). */
  | 'conflict'
  /** The caller asked for this already (an access request). */
  | 'alreadyRequested'
  /** A link or code whose time is over. */
  | 'expired'
  /** The caller asked too often: `details.retryAfterSeconds` says when to ask again. */
  | 'tooManyRequests'
  /** The work is queued full: try again shortly. */
  | 'busy'
  /** A watermark cannot be made on this server now (no ffmpeg). */
  | 'watermarkUnavailable'
  /** The work failed on the server's side (what failed is logged). */
  | 'failed';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const invalid = (message: string, details?: unknown) => new DomainError('invalid', message, details);
export const forbidden = (message = 'you are not allowed to do this') => new DomainError('forbidden', message);
export const notFound = (what = 'record') => new DomainError('notFound', `${what} not found`);
export const conflict = (message: string, details?: unknown) => new DomainError('conflict', message, details);
