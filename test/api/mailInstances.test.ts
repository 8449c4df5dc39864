/**
 * Two server processes on one PostgreSQL database, one SMTP server (docs/API.md "Mail"): every instance runs the mail
 * jobs, and each mail goes out once. Skipped without a reachable PostgreSQL, saying so in its title.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../../server/storage/postgres/testDatabase';
import { DEMO, call, startServer, throwawayDatabase, type TestServer } from '../support/server';
import { bodyText, eventually, startSmtp, type TestSmtp } from '../support/smtp';
import { setMailPreferences } from '../support/mail';

await describeWithPostgres('mail from two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let smtp: TestSmtp;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await throwawayDatabase();
    smtp = await startSmtp();
    const env = { DATABASE_URL: database.url, MWS_SIGNING_KEY: '5e'.repeat(32), SMTP_URL: smtp.url };
    a = await startServer(env);
    b = await startServer(env);
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  it('sends each immediate mail once, whichever instance made its notification', async () => {
    await setMailPreferences(a, DEMO.coordinator, { enabled: true, work_request_comments: 0 });
    const orders = (
      await call(a, 'GET', '/api/workrequests?status=in-progress', {
        as: DEMO.admin,
        headers: { 'X-Range': 'resources=0-9' },
      })
    ).body as { _id: string }[];
    await Promise.all(
      orders.map((order, i) =>
        call(i % 2 ? b : a, 'POST', '/api/comments', {
          as: DEMO.admin,
          body: { workRequest: order._id, body: `Comment ${i}` },
        }),
      ),
    );
    const mine = () => smtp.received.filter((m) => m.to.includes(DEMO.coordinator.username));
    await eventually(() => mine().length >= orders.length, 30_000);
    // Every job done on both instances before counting: a second delivery would come before its job's removal.
    await eventually(async () => {
      const jobs = (await call(a, 'GET', '/api/mail/jobs', { as: DEMO.admin })).body as { task: string }[];
      return jobs.every((j) => j.task !== 'mail-notification');
    });
    for (const order of orders) {
      expect(mine().filter((m) => bodyText(m).includes(`/work-requests/${order._id}`))).toHaveLength(1);
    }
    expect(mine()).toHaveLength(orders.length);
  }, 90_000);
});
