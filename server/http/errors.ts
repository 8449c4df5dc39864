/** The one error type routes throw; the app's error handler turns it into the documented JSON body. */
import type { FastifyReply } from 'fastify';
import type * as z from 'zod/mini';
import type { StoreUnavailable } from '../storage/store';
import { DomainError, type DomainErrorKind } from '../domain/errors';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'internal'
  | 'too_many_attempts'
  | 'too_many_requests'
  | 'account_disabled'
  | 'busy'
  | 'too_many_streams'
  | 'shutting_down'
  | 'uri_too_long'
  | 'request_timeout'
  | 'headers_too_large'
  | 'bad_gateway'
  | 'unavailable'
  | 'insufficient_storage'
  | 'link_revoked'
  | 'watermark_unavailable'
  /** A file under embargo, or a preview of an asset with one (docs/API.md "Embargoes"). */
  | 'embargoed'
  | 'already_requested';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** How the edge answers each refusal of the rules (domain/errors.ts): the one place a domain error meets HTTP. */
const HTTP_OF_DOMAIN: Record<DomainErrorKind, { status: number; code: ErrorCode }> = {
  invalid: { status: 400, code: 'bad_request' },
  forbidden: { status: 403, code: 'forbidden' },
  notFound: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  alreadyRequested: { status: 409, code: 'already_requested' },
  expired: { status: 410, code: 'gone' },
  tooManyRequests: { status: 429, code: 'too_many_requests' },
  busy: { status: 503, code: 'busy' },
  watermarkUnavailable: { status: 503, code: 'watermark_unavailable' },
  failed: { status: 500, code: 'internal' },
};

/** The HTTP answer to an error: a domain error as its kind says, an HttpError as it is, else undefined. */
export function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return undefined;
  const { status, code } = HTTP_OF_DOMAIN[error.kind];
  return new HttpError(status, code, error.message, error.details);
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, 'bad_request', message, details);
export const forbidden = (message = 'you are not allowed to do this') => new HttpError(403, 'forbidden', message);
export const notFound = (what = 'record') => new HttpError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, details?: unknown) => new HttpError(409, 'conflict', message, details);

/** Seconds a client is asked to wait (Retry-After) while the database is unavailable: a restart takes a few. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a store that cannot serve now (docs/API.md "Errors"): 503 `unavailable` with Retry-After while its
 * database does not answer, 507 `insufficient_storage` when it has no space left for a write (nothing was saved).
 */
export function storeUnavailable(e: StoreUnavailable, reply: FastifyReply): HttpError {
  if (e.reason === 'full') {
    return new HttpError(
      507,
      'insufficient_storage',
      'the server has no storage space left, so nothing was saved; tell an administrator',
    );
  }
  reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return new HttpError(503, 'unavailable', 'the database is unavailable; try again shortly');
}

/** The details of a failed parse: one `{path, message}` per problem. */
export function issueDetails(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** A 400 whose message names the first problem's field and whose details list every problem. */
export function detailedBadRequest(details: { path: string; message: string }[]): HttpError {
  const first = details[0];
  return badRequest(first ? `${first.path || 'body'}: ${first.message}` : 'invalid body', details);
}

/** A 400 whose message names the first offending field and whose details list every problem. */
export function validationError(error: z.core.$ZodError): HttpError {
  return detailedBadRequest(issueDetails(error));
}
