/** The words an error is shown with: the sign-in refusals get sentences of their own. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { describeError } from './ErrorPanel';

describe('describeError', () => {
  it('says how long to wait after too many failed sign-ins, from details.retryAfter', () => {
    const after = (retryAfter: unknown) =>
      describeError(new ApiError(429, 'too_many_attempts', 'too many failed sign-ins', { retryAfter }));
    expect(after(840)).toBe('Too many failed sign-ins. Try again in 14 minutes.');
    expect(after(30)).toBe('Too many failed sign-ins. Try again in 1 minute.');
    expect(after('soon')).toBe('Too many failed sign-ins. Try again later.');
  });

  it('names a disabled account and a busy server', () => {
    expect(describeError(new ApiError(403, 'account_disabled', 'this account is disabled'))).toBe(
      'This account is disabled. Ask an administrator to enable it.',
    );
    expect(describeError(new ApiError(503, 'busy', 'busy'))).toBe('The server is busy. Try again in a moment.');
  });
});
