/** The one error type routes throw; the app's error handler turns it into the documented JSON body. */
import type * as z from 'zod/mini';

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
  | 'account_disabled'
  | 'busy'
  | 'too_many_streams'
  | 'shutting_down'
  | 'uri_too_long'
  | 'request_timeout'
  | 'headers_too_large'
  | 'bad_gateway';

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

export const badRequest = (message: string, details?: unknown) => new HttpError(400, 'bad_request', message, details);
export const forbidden = (message = 'you are not allowed to do this') => new HttpError(403, 'forbidden', message);
export const notFound = (what = 'record') => new HttpError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, details?: unknown) => new HttpError(409, 'conflict', message, details);

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
