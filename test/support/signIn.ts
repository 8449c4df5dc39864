/**
 * Sign-in requests from a chosen loopback address (127.0.0.x, all routed to the server on Linux), so a test's
 * failed attempts count against addresses of its own (docs/API.md, "Sign-in: failed attempts, disabled accounts").
 */
import http from 'node:http';
import { basic, type Account } from './server';

export interface SignInAnswer {
  status: number;
  retryAfter: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON error body's fields
  body: any;
}

/**
 * POST /api/session on `serverUrl` from `address` as `account`. `spelling` varies the blanks after "Basic": the same
 * credentials in a header the server has not verified yet, so the check is made afresh instead of answered from its
 * one-minute cache. `headers`: more request headers.
 */
export function signInFrom(
  serverUrl: string,
  address: string,
  account: Account,
  spelling = 1,
  headers: Record<string, string> = {},
): Promise<SignInAnswer> {
  const authorization = basic(account).replace('Basic ', `Basic${' '.repeat(spelling)}`);
  const url = new URL('/api/session', serverUrl.replace('localhost', '127.0.0.1'));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress: address,
        headers: {
          Authorization: authorization,
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'application/json',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(text) }),
        );
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

/** The account with a wrong password (the n-th). */
export const wrong = (account: Account, n: number): Account => ({
  username: account.username,
  password: `wrong-${n}`,
});
