/**
 * One user flooding the work-request list (docs/API.md, "Fair share of the server"), against the real server on
 * both stores: past the user's lane (2 running) and its line (64 waiting), list reads are refused at once with
 * 429 `too_many_requests` and `Retry-After`, never a 5xx; the reads in line are all answered; another user's list
 * page sent meanwhile is answered, not refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('fair share of the list', () => {
  it("refuses one user's list reads past their lane and line, and answers another user's", async () => {
    // Each page its own range, so that no answer can come from the response cache.
    const page = (as = DEMO.admin, from = 0) =>
      call(server, 'GET', '/api/workrequests?sort=-created&q=a', {
        as,
        headers: { 'X-Range': `resources=${from}-${from + 99}` },
      });
    // Credentials verified first, so the flood arrives together rather than one password check apart.
    expect((await page()).status).toBe(200);
    expect((await page(DEMO.coordinator)).status).toBe(200);

    const [flood, other] = await Promise.all([
      Promise.all(Array.from({ length: 150 }, (_, i) => page(DEMO.admin, i + 1))),
      page(DEMO.coordinator),
    ]);
    const statuses = flood.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 429),
      statuses.join(','),
    ).toBe(true);
    // 2 run and 64 wait: whatever arrives while they are all taken is refused.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(66);
    const refused = flood.find((r) => r.status === 429);
    expect(refused, statuses.join(',')).toBeDefined();
    expect(refused!.headers.get('retry-after')).toBe('1');
    expect(refused!.body.error).toMatchObject({ code: 'too_many_requests', details: { retryAfter: 1, limit: 2 } });
    expect(refused!.body.error.message).toMatch(/work-request list reads under way: at most 2 at once per user/);
    expect(other.status).toBe(200);
    // The lane is free again afterwards.
    expect((await page()).status).toBe(200);
  });
});
