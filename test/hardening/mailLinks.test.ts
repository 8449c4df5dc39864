/**
 * Mail's public and admin routes under attack (docs/API.md "Mail"): an unsubscribe link re-pointed at another user,
 * another kind, an unknown kind or no signature is refused and changes nothing; the outbox and the mail jobs answer
 * admins only, and no one without credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, call, startServer, type TestServer } from '../support/server';
import { openDatabaseReader, type DatabaseReader } from '../support/database';
import { eventually } from '../support/smtp';
import { setMailPreferences } from '../support/mail';

let server: TestServer;
let db: DatabaseReader;
beforeAll(async () => {
  server = await startServer();
  db = await openDatabaseReader(server);
}, 120_000);
afterAll(async () => {
  await db?.close();
  await server?.stop();
});

/** A real unsubscribe link of the coordinator's, from a mail kept in the outbox. */
async function realLink(): Promise<string> {
  await setMailPreferences(server, DEMO.coordinator, { enabled: true, work_request_comments: 0 });
  const [order] = (
    await call(server, 'GET', '/api/workrequests?status=in-progress', {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-0' },
    })
  ).body as { _id: string }[];
  await call(server, 'POST', '/api/comments', { as: DEMO.admin, body: { workRequest: order!._id, body: 'Link' } });
  const mail = await eventually(async () => {
    const page = (await call(server, 'GET', '/api/mail/outbox', { as: DEMO.admin })).body as {
      address: string;
      headers: Record<string, string>;
    }[];
    return page.find((m) => m.address === DEMO.coordinator.username);
  });
  const url = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!;
  return server.url + new URL(url).pathname + new URL(url).search;
}

describe('mail links and routes', () => {
  it('refuses altered unsubscribe links and changes nothing', async () => {
    const link = await realLink();
    const admin = (await call(server, 'GET', '/api/users/me', { as: DEMO.admin })).body._id as string;
    // Every mail of the comment handed over first: no job writes while the fingerprints are compared.
    await eventually(async () => {
      const jobs = (await call(server, 'GET', '/api/mail/jobs', { as: DEMO.admin })).body as { task: string }[];
      return jobs.every((j) => j.task !== 'mail-notification');
    });
    const before = await db.fingerprint();
    const altered = [
      link.replace(/user=[0-9a-f]{24}/, `user=${admin}`),
      link.replace('/work_request_comments?', '/shares?'),
      link.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 1}`),
      link.replace(/&sig=[0-9a-f]{64}/, ''),
    ];
    for (const url of altered) {
      const res = await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
      expect(res.status, url).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
    const unknown = await fetch(link.replace('/work_request_comments?', '/everything?'), { method: 'POST' });
    expect(unknown.status).toBe(400);
    expect(await db.fingerprint()).toEqual(before);
  });

  it('answers the outbox and the mail jobs to admins only', async () => {
    for (const path of ['/api/mail/outbox', '/api/mail/jobs']) {
      expect((await call(server, 'GET', path, { as: null })).status).toBe(401);
      expect((await call(server, 'GET', path, { as: DEMO.coordinator })).status).toBe(403);
      expect((await call(server, 'GET', path, { as: DEMO.translator })).status).toBe(403);
      expect((await call(server, 'GET', path, { as: DEMO.admin })).status).toBe(200);
    }
  });
});
