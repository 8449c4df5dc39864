/**
 * Stopping (docs/DEPLOY.md, "Stopping"): on SIGTERM the server stops accepting connections, answers what is in
 * flight, ends live streams with a reconnect hint, and exits within SHUTDOWN_TIMEOUT_SECONDS, whatever still holds
 * a connection. Each test stops its own server process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import net from 'node:net';
import { basic, DEMO, startServer, type TestServer } from '../support/server';
import { openNotificationStream } from '../support/stream';
import { holdRequest } from '../support/heldRequest';
import { waitFor } from '../support/balancer';

/** The data of a stream's final `event: end`. */
function endOf(text: string): unknown {
  const data = text.split('event: end\n')[1]?.split('data: ')[1]?.split('\n')[0];
  return data === undefined ? undefined : (JSON.parse(data) as unknown);
}

const refused = async (url: string) => {
  try {
    await fetch(`${url}/healthz`);
    return undefined;
  } catch {
    return true;
  }
};

describe('SIGTERM', () => {
  let server: TestServer | undefined;
  afterEach(async () => server?.stop());

  it('answers the request in flight, ends the live stream with a reconnect hint, refuses new connections and exits', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '20' });
    const stream = await openNotificationStream(server.url, DEMO.coordinator);
    expect(await stream.readUntil(': connected', 5000)).toContain(': connected');
    const held = await holdRequest(server.url, 'POST', '/api/notifications/markRead', DEMO.coordinator, {});

    const stopped = server.terminate();
    const text = await stream.readToEnd(10_000);
    expect(stream.ended).toBe(true);
    expect(endOf(text)).toEqual({
      reason: 'shutdown',
      message: expect.stringContaining('shutting down'),
      retryAfterMs: 1000,
    });
    expect(text).toMatch(/retry: 1000\nevent: end\ndata: .*\n\n$/);

    await waitFor('no new connections', () => refused(server!.url), 10_000);
    const answer = await held.finish();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updated: expect.any(Number) });

    const { code, output } = await stopped;
    expect(output).toMatch(/SIGTERM: closed in \d+ ms/);
    expect(code).toBe(0);
  });

  it('refuses a request that arrives on a kept-alive connection meanwhile: 503 shutting_down, connection closed', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '20' });
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const auth = basic(DEMO.coordinator);
    const head = (method: string, path: string, extra: string) =>
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nX-Requested-With: XMLHttpRequest\r\n${extra}\r\n`;
    // The first request is in flight (its headers read: 100 Continue) when the signal comes.
    socket.write(
      head(
        'POST',
        '/api/notifications/markRead',
        'Content-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n',
      ),
    );
    await waitFor('100 Continue', async () => (received.includes('100 Continue') ? true : undefined), 10_000);
    const stopped = server.terminate();
    await waitFor('no new connections', () => refused(server!.url), 10_000);
    // Its body, and a second request on the same connection behind it.
    socket.write(`{}${head('GET', '/api/users/me', '')}`);
    await closed;
    const [first = '', second = ''] = received.split('100 Continue\r\n\r\n')[1]!.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(first).toMatch(/"updated":\d+/);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(second).toContain(
      '{"error":{"code":"shutting_down","message":"this server is shutting down: send the request again"}}',
    );
    expect((await stopped).code).toBe(0);
  });

  it('exits within SHUTDOWN_TIMEOUT_SECONDS though a request never finishes', async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const held = await holdRequest(server.url, 'POST', '/api/notifications/markRead', DEMO.coordinator, {});
    const { code, output } = await server.terminate();
    expect(output).toContain('SIGTERM: not closed after 1 s (SHUTDOWN_TIMEOUT_SECONDS): exiting anyway');
    expect(code).toBe(1);
    // The request never sent its body: its connection went with the process.
    expect(await held.failed).toBeInstanceOf(Error);
  });
});
