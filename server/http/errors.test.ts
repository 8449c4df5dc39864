/** Domain errors meet HTTP in one place (errors.ts, `httpErrorOf`): each kind answers as the edge documents. */
import { describe, expect, it } from 'vitest';
import { DomainError, conflict, forbidden, invalid, notFound } from '../domain/errors';
import { HttpError, httpErrorOf } from './errors';

const answer = (e: unknown) => {
  const h = httpErrorOf(e);
  return h && { status: h.status, code: h.code, message: h.message, details: h.details };
};

describe('httpErrorOf', () => {
  it.each([
    [invalid('due: in the past', [{ path: 'due' }]), 400, 'bad_request', 'due: in the past', [{ path: 'due' }]],
    [forbidden(), 403, 'forbidden', 'you are not allowed to do this', undefined],
    [notFound('file'), 404, 'not_found', 'file not found', undefined],
    [conflict('already', { current: 1 }), 409, 'conflict', 'already', { current: 1 }],
    [new DomainError('alreadyRequested', 'asked'), 409, 'already_requested', 'asked', undefined],
    [new DomainError('expired', 'late'), 410, 'gone', 'late', undefined],
    [
      new DomainError('tooManyRequests', 'wait', { retryAfter: 3 }),
      429,
      'too_many_requests',
      'wait',
      { retryAfter: 3 },
    ],
    [new DomainError('busy', 'full'), 503, 'busy', 'full', undefined],
    [new DomainError('watermarkUnavailable', 'no ffmpeg'), 503, 'watermark_unavailable', 'no ffmpeg', undefined],
    [new DomainError('failed', 'broke'), 500, 'internal', 'broke', undefined],
  ])('%s', (error, status, code, message, details) => {
    expect(answer(error)).toEqual({ status, code, message, details });
  });

  it('keeps an HttpError as it is, and leaves other errors to the error handler', () => {
    const http = new HttpError(413, 'payload_too_large', 'big');
    expect(httpErrorOf(http)).toBe(http);
    expect(httpErrorOf(new Error('x'))).toBeUndefined();
  });
});
