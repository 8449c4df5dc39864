/** The work-request CSV export's reading (src/features/work-requests/exportList.ts) against the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, configureApiClient } from '../../src/api/client';
import { collectWorkRequests } from '../../src/features/work-requests/exportList';
import { toCsv } from '../../src/features/work-requests/model/csv';
import { call, DEMO, startServer, type TestServer } from '../support/server';

let server: TestServer;
const requests: string[] = [];
beforeAll(async () => {
  server = await startServer();
  configureApiClient({
    baseUrl: `${server.url}/api`,
    getAuthorization: () => basicAuth(DEMO.admin.username, DEMO.admin.password),
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      requests.push(
        `${(input instanceof Request ? input.url : String(input)).replace(server.url, '')} ${headers.get('X-Range') ?? ''}`,
      );
      return globalThis.fetch(input, init);
    },
  });
});
afterAll(async () => server?.stop());

describe('exporting the work-request list', () => {
  it('reads page after page of 100 up to the limit, and says the rest was left', async () => {
    const all = await call(server, 'GET', '/api/workrequests', {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-0' },
    });
    const total = Number(/\/(\d+)$/.exec(all.headers.get('content-range') ?? '')?.[1]);
    expect(total).toBeGreaterThan(250);
    requests.length = 0;
    const progress: number[] = [];
    const got = await collectWorkRequests(
      'all',
      { sort: '-created' },
      { limit: 250, onProgress: (p) => progress.push(p.done) },
    );
    expect(got).toMatchObject({ total, unreadable: 0, truncated: true });
    expect(got.rows).toHaveLength(250);
    expect(new Set(got.rows.map((r) => r._id)).size).toBe(250);
    expect(requests).toEqual([
      '/api/workrequests?sort=-created resources=0-99',
      '/api/workrequests?sort=-created resources=100-199',
      '/api/workrequests?sort=-created resources=200-249',
    ]);
    expect(progress).toEqual([100, 200, 250]);
    // Newest first, as the list shows them.
    const created = got.rows.map((r) => r.created ?? 0);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });

  it('exports exactly what the filters select, to the end', async () => {
    const got = await collectWorkRequests('all', { status: ['complete'], sort: 'due' });
    expect(got.truncated).toBe(false);
    expect(got.rows.length).toBe(got.total);
    expect(got.rows.length).toBeGreaterThan(0);
    expect(got.rows.every((r) => r.status === 'complete')).toBe(true);
    const csv = toCsv(got.rows);
    expect(csv.split('\r\n').length).toBe(got.rows.length + 2);
  });

  it('exports the automation queue from its own operation', async () => {
    requests.length = 0;
    const got = await collectWorkRequests('automation', {});
    expect(requests[0]).toMatch(/^\/api\/workrequests\/automateJob resources=0-99$/);
    expect(got.rows.length).toBe(got.total);
  });

  it('stops when cancelled', async () => {
    const abort = new AbortController();
    const run = collectWorkRequests('all', {}, { limit: 5000, onProgress: () => abort.abort(), signal: abort.signal });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});
