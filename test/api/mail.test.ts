/**
 * Mail out (docs/API.md "Mail") with a real SMTP server: an immediate mail with its subject, links and one-click
 * unsubscribe; an hourly digest gathering three events into one mail when its hour ends; a muted project mails
 * nothing; the unsubscribe link turns its kind off and a forged one is refused; SMTP down then up delivers later,
 * once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, call, startServer, type TestServer } from '../support/server';
import { bodyText, eventually, startSmtp, type TestSmtp } from '../support/smtp';
import { makeDue, setMailPreferences, startMailingServer } from '../support/mail';
import { tamperSignature } from '../support/signedLinks';

const ORIGIN = 'https://console.test';
const COORDINATOR_ADDRESS = DEMO.coordinator.username;

interface Order {
  _id: string;
  project: { _id: string; name: string };
  asset: { name: string };
}

async function ordersInProgress(server: TestServer): Promise<Order[]> {
  return (
    await call(server, 'GET', '/api/workrequests?status=in-progress', {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-49' },
    })
  ).body as Order[];
}

async function comment(server: TestServer, order: Order, body: string): Promise<void> {
  const res = await call(server, 'POST', '/api/comments', { as: DEMO.admin, body: { workRequest: order._id, body } });
  expect(res.status).toBe(200);
}

/** The coordinator's newest wr-comment notification about this order. */
async function latestNotification(server: TestServer, order: Order) {
  const res = await call(server, 'GET', '/api/notifications?type=wr-comment', {
    as: DEMO.coordinator,
    headers: { 'X-Range': 'resources=0-199' },
  });
  return (
    res.body as {
      _id: string;
      sent: boolean;
      digested: boolean;
      emailSubject: string;
      event: { workRequest: { _id: string } };
    }[]
  ).find((n) => n.event.workRequest._id === order._id);
}

describe('mail over SMTP', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let orders: Order[];
  const toCoordinator = () => smtp.received.filter((m) => m.to.includes(COORDINATOR_ADDRESS));

  beforeAll(async () => {
    ({ smtp, server } = await startMailingServer(ORIGIN));
    orders = await ordersInProgress(server);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('sends an immediate mail with the subject, a link into the app and one-click unsubscribe headers', async () => {
    await setMailPreferences(server, DEMO.coordinator, { enabled: true, work_request_comments: 0 });
    const order = orders[0]!;
    await comment(server, order, 'Please check the <b>subtitles</b> & timing');
    const notification = await eventually(() => latestNotification(server, order));
    const mail = await eventually(() => toCoordinator().find((m) => m.subject === notification.emailSubject));
    expect(mail.from).toBe('mws@console.test');
    const body = bodyText(mail);
    expect(body).toContain(`${ORIGIN}/work-requests/${order._id}`);
    expect(body).toContain(order.project.name);
    expect(body).toContain('text/html');
    expect(body).toContain('text/plain');
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      new RegExp(
        `^<${ORIGIN}/api/mail/unsubscribe/work_request_comments\\?expires=\\d+&user=[0-9a-f]{24}&link=[0-9a-f]{16}&sig=[0-9a-f]{64}>$`,
      ),
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await eventually(async () => (await latestNotification(server, order))?.sent === true)).toBe(true);
  });

  it("shows times in the recipient's own time zone, which they set (a zone the server does not know is a 400)", async () => {
    await setMailPreferences(server, DEMO.coordinator, { enabled: true, work_request_comments: 0 });
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.coordinator })).body as { _id: string };
    const bad = await call(server, 'PUT', `/api/users/${me._id}`, {
      as: DEMO.coordinator,
      body: { timeZone: 'Mars/Olympus_Mons' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('timeZone');
    const set = await call(server, 'PUT', `/api/users/${me._id}`, {
      as: DEMO.coordinator,
      body: { timeZone: 'Asia/Tokyo' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.timeZone).toBe('Asia/Tokyo');
    try {
      const before = toCoordinator().length;
      // An order no other case here comments on (they look for their own notifications by order).
      await comment(server, orders.at(-1)!, 'What time is it in Tokyo?');
      const mail = await eventually(() => toCoordinator()[before]);
      expect(bodyText(mail)).toContain('(Asia/Tokyo)');
    } finally {
      await call(server, 'PUT', `/api/users/${me._id}`, { as: DEMO.coordinator, body: { timeZone: 'UTC' } });
    }
  });

  it('gathers three events into one hourly digest when the hour ends, grouped by project', async () => {
    const me = await setMailPreferences(server, DEMO.coordinator, { enabled: true, work_request_comments: 3600 });
    const before = toCoordinator().length;
    const three = orders.slice(1, 4);
    for (const order of three) await comment(server, order, 'For the digest');
    // Nothing before the hour's end.
    const jobs = await call(server, 'GET', '/api/mail/jobs', { as: DEMO.admin });
    expect(jobs.body.filter((j: { key?: string }) => j.key === `mail-digest:${me}:3600`)).toHaveLength(1);
    expect(toCoordinator().length).toBe(before);
    await makeDue(server, `mail-digest:${me}:3600`);
    const digest = await eventually(() =>
      toCoordinator().find((m) => m.subject.startsWith('Your hourly MWS Console digest')),
    );
    expect(digest.subject).toBe('Your hourly MWS Console digest: 3 notifications');
    const body = bodyText(digest);
    for (const order of three) {
      expect(body).toContain(`${ORIGIN}/work-requests/${order._id}`);
      expect(body).toContain(`== ${order.project.name}`);
      expect((await latestNotification(server, order))?.digested).toBe(true);
    }
    expect(toCoordinator().length).toBe(before + 1);
  });

  it('sends nothing about a muted project', async () => {
    const [muted, other] = [orders[4]!, orders.find((o) => o.project._id !== orders[4]!.project._id)!];
    await setMailPreferences(server, DEMO.coordinator, { enabled: true, work_request_comments: 0 }, [
      muted.project._id,
    ]);
    const before = toCoordinator().length;
    await comment(server, muted, 'Muted, not mailed');
    await comment(server, other, 'The marker, mailed');
    await eventually(() =>
      toCoordinator()
        .slice(before)
        .find((m) => bodyText(m).includes(`/work-requests/${other._id}`)),
    );
    expect(
      toCoordinator()
        .slice(before)
        .filter((m) => bodyText(m).includes(`/work-requests/${muted._id}`)),
    ).toEqual([]);
    await setMailPreferences(server, DEMO.coordinator, { enabled: true, work_request_comments: 0 }, []);
  });

  it('the unsubscribe link turns its kind off with one POST; a forged one is refused and changes nothing', async () => {
    const mail = toCoordinator().find((m) => m.headers.get('list-unsubscribe')?.includes('work_request_comments'))!;
    const link = /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe')!)![1]!.replace(ORIGIN, server.url);
    const forged = tamperSignature(link);
    const refused = await fetch(forged, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.status).toBe(403);
    const me = () => call(server, 'GET', '/api/users/me', { as: DEMO.coordinator });
    expect((await me()).body.preferences.mail.work_request_comments).toBe(0);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    expect((await me()).body.preferences.mail.work_request_comments).toBe(0);
    const done = await fetch(link, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect((await me()).body.preferences.mail.work_request_comments).toBe(-1);
  });
});

describe('mail while the SMTP server is down', () => {
  let smtp: TestSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtp({ running: false });
    server = await startServer({ SMTP_URL: smtp.url, MWS_PUBLIC_ORIGIN: ORIGIN });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('is retried and delivered once the server is up, once', async () => {
    await setMailPreferences(server, DEMO.coordinator, { enabled: true, work_request_comments: 0 });
    const [order] = await ordersInProgress(server);
    await comment(server, order!, 'While the mail server is down');
    const failed = await eventually(async () => {
      const jobs = (await call(server, 'GET', '/api/mail/jobs', { as: DEMO.admin })).body as {
        task: string;
        attempts: number;
        lastError?: string;
      }[];
      return jobs.find((j) => j.task === 'mail-notification' && j.attempts >= 1 && j.lastError);
    });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    const mail = await eventually(() => smtp.received.find((m) => m.to.includes(COORDINATOR_ADDRESS)), 30_000);
    expect(bodyText(mail)).toContain(`/work-requests/${order!._id}`);
    await eventually(async () => {
      const jobs = (await call(server, 'GET', '/api/mail/jobs', { as: DEMO.admin })).body as { task: string }[];
      return jobs.every((j) => j.task !== 'mail-notification');
    });
    expect(smtp.received.filter((m) => m.to.includes(COORDINATOR_ADDRESS))).toHaveLength(1);
  }, 60_000);
});

describe('mail on the embedded default (no SMTP_URL): the outbox', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ MWS_PUBLIC_ORIGIN: ORIGIN });
  }, 120_000);
  afterAll(async () => server?.stop());

  it('keeps each mail in the outbox, which admins read and no one else', async () => {
    await setMailPreferences(server, DEMO.coordinator, { enabled: true, work_request_comments: 0 });
    const [order] = await ordersInProgress(server);
    await comment(server, order!, 'Kept for the admins');
    const notification = await eventually(() => latestNotification(server, order!));
    const kept = await eventually(async () => {
      const res = await call(server, 'GET', '/api/mail/outbox', { as: DEMO.admin });
      expect(res.status).toBe(200);
      return (res.body as { subject: string; address: string; delivery: string; text: string; html: string }[]).find(
        (m) => m.subject === notification.emailSubject && m.address === COORDINATOR_ADDRESS,
      );
    });
    expect(kept.delivery).toBe('outbox');
    expect(kept.text).toContain(`${ORIGIN}/work-requests/${order!._id}`);
    expect(kept.html).toContain('<!doctype html>');
    expect((await latestNotification(server, order!))?.sent).toBe(true);
    const refused = await call(server, 'GET', '/api/mail/outbox', { as: DEMO.coordinator });
    expect(refused.status).toBe(403);
    expect((await call(server, 'GET', '/api/mail/jobs', { as: DEMO.translator })).status).toBe(403);
  });
});
