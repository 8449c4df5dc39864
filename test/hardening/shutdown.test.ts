/**
 * Stopping (docs/DEPLOY.md, "Stopping"): on SIGTERM the server stops accepting connections, answers what is in
 * flight, ends live streams with a reconnect hint, and exits within SHUTDOWN_TIMEOUT_SECONDS, whatever still holds
 * a connection. Each test stops its own server process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, startServer, type TestServer } from '../support/server';
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
