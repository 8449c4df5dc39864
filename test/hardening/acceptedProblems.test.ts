/**
 * Attack: accepting QC problems on a translation that is not yours, or that you only review, to get an order past
 * Submit (docs/API.md "Accepted problems"). A requester reads their order's acceptances but writes none; a
 * coordinator of another studio neither reads nor writes them; nothing is stored by a refused request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON, only named fields looked at
type Rec = Record<string, any>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

describe('accepted problems by someone else', () => {
  it('are refused to the requester and to another studio, and nothing is stored', async () => {
    const mine = await call(server, 'GET', '/api/workrequests', {
      as: ROLE_ACCOUNTS.client,
      headers: { 'X-Range': 'resources=0-9' },
    });
    const wr = (mine.body as Rec[]).find((w) => w.translation?._id)!;
    const url = `/api/translations/${wr.translation._id}/accepted`;
    const body = { line: 1, rule: 'chars-per-line', reason: 'looks fine to me' };

    const byRequester = await call(server, 'POST', url, { as: ROLE_ACCOUNTS.client, body });
    expect(byRequester.status).toBe(403);
    expect((await call(server, 'GET', url, { as: ROLE_ACCOUNTS.client })).status).toBe(200);

    const studios = (await call(server, 'GET', '/api/studios', { as: DEMO.admin })).body as Rec[];
    const harbor = studios.find((s) => s.name === 'Harbor Lane Studios')!;
    if (wr.studio !== harbor._id) {
      expect((await call(server, 'POST', url, { as: ROLE_ACCOUNTS.sam, body })).status).toBe(404);
      expect((await call(server, 'GET', url, { as: ROLE_ACCOUNTS.sam })).status).toBe(404);
    }
    const undo = await call(server, 'DELETE', `${url}?line=1&rule=chars-per-line`, { as: ROLE_ACCOUNTS.client });
    expect(undo.status).toBe(403);
    expect((await call(server, 'GET', url, { as: DEMO.admin })).body).toEqual([]);
  });
});
