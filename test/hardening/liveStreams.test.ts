/**
 * Live notification streams under abuse (docs/API.md, "Live notification stream"): one user cannot hold more than
 * LIVE_STREAMS_PER_USER (their oldest is ended, told not to reconnect at once), the process holds at most
 * LIVE_STREAMS_MAX (a further one is 503 with Retry-After while ordinary requests still work), and a stream ends at
 * once when its account is disabled or its password changes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, ROLE_ACCOUNTS, call, startServer, type Account, type TestServer } from '../support/server';
import { openNotificationStream, type NotificationStream } from '../support/stream';
import { waitFor } from '../support/balancer';

/** The data of a stream's final `event: end`. */
export function endOf(text: string): unknown {
  const data = text.split('event: end\n')[1]?.split('data: ')[1]?.split('\n')[0];
  return data === undefined ? undefined : (JSON.parse(data) as unknown);
}

let server: TestServer;
const open: NotificationStream[] = [];

async function connect(as: Account): Promise<NotificationStream> {
  const stream = await openNotificationStream(server.url, as);
  open.push(stream);
  if (stream.response.ok) expect(await stream.readUntil(': connected', 5000)).toContain(': connected');
  return stream;
}

afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

describe('streams per user (LIVE_STREAMS_PER_USER, default 8)', () => {
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.stop());

  it("a user's ninth stream ends their first, saying why and not to reconnect at once; others keep theirs", async () => {
    const other = await connect(DEMO.admin);
    const streams: NotificationStream[] = [];
    for (let i = 0; i < 9; i += 1) streams.push(await connect(DEMO.coordinator));
    const first = await streams[0]!.readToEnd(5000);
    expect(streams[0]!.ended).toBe(true);
    expect(endOf(first)).toEqual({
      reason: 'superseded',
      message: expect.stringContaining('more live streams than one user may hold'),
      retryAfterMs: 60_000,
    });
    expect(first).toMatch(/retry: 60000\nevent: end\n/);
    // The second, the ninth and another user's stream stay open.
    for (const stream of [streams[1]!, streams[8]!, other]) {
      expect(await stream.readUntil('event: end', 300)).not.toContain('event: end');
      expect(stream.ended).toBe(false);
    }
  });
});

describe('streams per process (LIVE_STREAMS_MAX)', () => {
  beforeAll(async () => {
    server = await startServer({ LIVE_STREAMS_MAX: '3' });
  });
  afterAll(async () => server?.stop());

  it('refuses a stream beyond the cap with 503, Retry-After and a JSON error, while ordinary requests work', async () => {
    const held = [await connect(DEMO.admin), await connect(DEMO.coordinator), await connect(DEMO.coordinator)];
    const refused = await connect(DEMO.translator);
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers.get('Retry-After')).toBe('30');
    expect(JSON.parse(await refused.readToEnd(5000))).toEqual({
      error: { code: 'too_many_streams', message: expect.stringContaining('as many live streams as it may (3)') },
    });
    const list = await call(server, 'GET', '/api/notifications?summary=true', { as: DEMO.translator });
    expect(list.status).toBe(200);

    // A stream closed by its client frees its place.
    held[1]!.close();
    expect(held[0]!.ended).toBe(false);
    const admitted = await waitFor(
      'a free place',
      async () => {
        const stream = await connect(DEMO.translator);
        return stream.response.ok ? stream : undefined;
      },
      10_000,
    );
    expect(admitted.response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
  });
});

describe('a stream whose account stops allowing it', () => {
  let admin: Account;
  beforeAll(async () => {
    server = await startServer();
    admin = DEMO.admin;
  });
  afterAll(async () => server?.stop());

  const userOf = async (as: Account) => (await call(server, 'GET', '/api/users/me', { as })).body;

  it('ends at once when an admin disables the account, telling the client not to reconnect', async () => {
    const account = ROLE_ACCOUNTS.client;
    const user = await userOf(account);
    const stream = await connect(account);
    const unaffected = await connect(DEMO.translator);
    // A change that leaves the account usable ends nothing.
    expect(
      (await call(server, 'PUT', `/api/users/${user._id}`, { as: admin, body: { name: 'Priya R.' } })).status,
    ).toBe(200);
    const disabled = await call(server, 'PUT', `/api/users/${user._id}`, {
      as: admin,
      body: { status: { ...user.status, approved: false } },
    });
    expect(disabled.status).toBe(200);
    const text = await stream.readToEnd(5000);
    expect(stream.ended).toBe(true);
    expect(endOf(text)).toEqual({
      reason: 'account-disabled',
      message: 'your account was disabled or removed',
      retryAfterMs: null,
    });
    // No `retry:` with it: an EventSource client's next try is refused (403) and it stops.
    expect(text.split(': connected\n\n')[1]).not.toContain('retry: ');
    expect(await unaffected.readUntil('event: end', 300)).not.toContain('event: end');
    const refused = await openNotificationStream(server.url, account);
    expect(refused.response.status).toBe(403);
  });

  it('ends when the password changes, telling the client to reconnect with the new one', async () => {
    const account = ROLE_ACCOUNTS.sam;
    const user = await userOf(account);
    const stream = await connect(account);
    const changed = await call(server, 'PUT', `/api/users/${user._id}`, {
      as: admin,
      body: { password: 'a-new-password-1234' },
    });
    expect(changed.status).toBe(200);
    const text = await stream.readToEnd(5000);
    expect(stream.ended).toBe(true);
    expect(endOf(text)).toMatchObject({ reason: 'credentials-changed', retryAfterMs: 1000 });
    const renewed = await connect({ username: account.username, password: 'a-new-password-1234' });
    expect(renewed.response.status).toBe(200);
  });
});
