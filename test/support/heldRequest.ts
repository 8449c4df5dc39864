/**
 * A request kept in flight on purpose: its headers are sent with `Expect: 100-continue`, and once the server has
 * read them (its `100 Continue`: the request is being handled) the body waits until the test sends it. Shutdown
 * tests use it as "a slow request in flight" without any test hook in the server.
 */
import http from 'node:http';
import { basic, type Account } from './server';

export interface HeldRequest {
  /** Sends the body; resolves with the answer (rejects if the connection was closed without one). */
  finish(): Promise<{ status: number; body: unknown }>;
  /** Resolves with the error if the connection ends without an answer. */
  readonly failed: Promise<Error>;
}

export function holdRequest(
  baseUrl: string,
  method: string,
  pathname: string,
  as: Account,
  body: unknown,
): Promise<HeldRequest> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${pathname}`, {
      method,
      agent: false,
      headers: {
        Authorization: basic(as),
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
        Expect: '100-continue',
      },
    });
    let failure: (e: Error) => void = () => {};
    const failed = new Promise<Error>((r) => (failure = r));
    const answer = new Promise<{ status: number; body: unknown }>((done, fail) => {
      request.on('response', (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body: JSON.parse(received) as unknown }));
        response.on('error', fail);
      });
      request.on('error', (e) => {
        failure(e);
        fail(e);
        reject(e);
      });
    });
    answer.catch(() => {}); // observed through `finish` or `failed`
    request.on('continue', () =>
      resolve({
        finish: () => {
          request.end(text);
          return answer;
        },
        failed,
      }),
    );
    request.flushHeaders();
  });
}
