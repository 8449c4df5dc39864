/** Which failed reads the query client asks again by itself (shouldRetry). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { shouldRetry } from './queryClient';

describe('shouldRetry', () => {
  it('asks again twice after a network failure or a server error', () => {
    const network = new ApiError(0, 'network', 'Could not reach the server.');
    expect([0, 1, 2].map((n) => shouldRetry(n, network))).toEqual([true, true, false]);
    expect(shouldRetry(0, new ApiError(503, 'busy', 'busy'))).toBe(true);
  });

  it('never after a client error, an unreadable answer or a timeout (the 30 s were waited already)', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'gone'))).toBe(false);
    expect(shouldRetry(0, new ApiError(200, 'invalid_response', 'not JSON'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'timeout', 'The server did not answer within 30 seconds.'))).toBe(false);
  });
});
