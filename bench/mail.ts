/**
 * Mail fan-out (docs/API.md "Mail", docs/BENCHMARKS.md "Mail"), two parts:
 * - in this process: how fast mails are rendered, rendered and kept in the outbox (SQLite in memory), and rendered and
 *   handed over to a real SMTP server on loopback (smtp-server in this process, nodemailer pooled, two at once as a
 *   runner);
 * - end to end on the real server (SQLite, the demo data): 10,000 users in a studio's coordinator group who want each
 *   comment mailed at once; one comment on an order of that studio; how long the comment's POST takes (its event, the
 *   10,000 notifications and their mail jobs are one transaction), how long until the SMTP server has every mail, and
 *   meanwhile another user's inbox (`GET /notifications`, first 50) and `/healthz`, beside their idle figures.
 *
 *   npm run bench -- --only mail
 *   BENCH_MAIL_RECIPIENTS=2000 npm run bench -- --only mail   # fewer recipients (default 10,000)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteStore } from '../server/storage/sqlite/sqliteStore';
import { LinkSigner } from '../server/domain/signing';
import { Mailer } from '../server/domain/mail/mailer';
import { renderNotificationMail } from '../server/domain/mail/render';
import { startSmtp, type TestSmtp } from '../test/support/smtp';
import { startServer, type Running } from './lib/processes';
import { healthProbe, probeLoop, stats, type LatencyStats } from './lib/latency';

const RECIPIENTS = Number(process.env.BENCH_MAIL_RECIPIENTS ?? 10_000);

const notification = (to: string, i: number) => ({
  to,
  type: 'wr-comment',
  title: `Ada Admin (Administrators) commented on Trailer ${i} — fr-FR/FR`,
  emailSubject: `Ada Admin (Administrators) commented on Trailer ${i} — fr-FR/FR`,
  event: {
    _id: 'e'.repeat(24),
    from: { name: 'Ada Admin' },
    projects: [{ _id: 'p'.repeat(24), name: 'Midnight Ferry' }],
    workRequest: { language: 'fr-FR', territory: 'FR' },
    urls: { view: `/work-requests/${i}` },
  },
  sent: false,
  digested: false,
  mailFrequency: 0,
  added: Math.floor(Date.now() / 1000),
});

async function fill(store: SqliteStore, count: number): Promise<string[]> {
  const ids: string[] = [];
  await store.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const user = (
        await tx.insert('Users', {
          name: `User ${i}`,
          username: `u${i}@x.test`,
          emailNormal: `u${i}@x.test`,
          groups: [],
          preferences: { mail: { enabled: true, work_request_comments: 0 } },
        })
      ).doc;
      ids.push((await tx.insert('Notifications', notification(user._id, i))).doc._id);
    }
  });
  return ids;
}

interface Rate {
  label: string;
  count: number;
  seconds: number;
  perSecond: number;
}

async function rate(label: string, count: number, work: () => Promise<void>): Promise<Rate> {
  const t0 = performance.now();
  await work();
  const seconds = (performance.now() - t0) / 1000;
  console.log(`mail: ${label}: ${count} in ${seconds.toFixed(2)} s`);
  return { label, count, seconds: Math.round(seconds * 100) / 100, perSecond: Math.round(count / seconds) };
}

/** Rendering, the outbox and SMTP hand-overs, in this process (no HTTP server). */
async function inProcessRates(): Promise<Rate[]> {
  const rates: Rate[] = [];
  const handovers = Math.max(1, Math.floor(RECIPIENTS / 10));
  const signer = new LinkSigner(randomBytes(32));
  rates.push(
    await rate('rendered (HTML + text, a signed unsubscribe link)', RECIPIENTS, async () => {
      for (let i = 0; i < RECIPIENTS; i++) {
        const link = `https://c.test${signer.sign('/api/mail/unsubscribe/work_request_comments', { user: 'a'.repeat(24) })}`;
        renderNotificationMail(
          { _id: 'n', created: 0, ...notification('u', i) },
          { name: 'U', address: 'u@x' },
          'https://c.test',
          link,
        );
      }
    }),
  );

  const outboxStore = new SqliteStore(':memory:');
  const outboxIds = await fill(outboxStore, RECIPIENTS);
  const outbox = new Mailer(outboxStore, signer, { from: 'm@x.test', origin: 'https://c.test' });
  rates.push(
    await rate('rendered and kept in the outbox (SQLite)', RECIPIENTS, async () => {
      for (const id of outboxIds) await outbox.sendNotification(id);
    }),
  );
  await outboxStore.close();

  const smtp = await startSmtp();
  const smtpStore = new SqliteStore(':memory:');
  const smtpIds = await fill(smtpStore, handovers);
  const mailer = new Mailer(smtpStore, signer, { smtpUrl: smtp.url, from: 'm@x.test', origin: 'https://c.test' });
  rates.push(
    await rate('rendered and handed over by SMTP (pooled, 2 at once as a runner)', handovers, async () => {
      let next = 0;
      const lane = async () => {
        while (next < smtpIds.length) await mailer.sendNotification(smtpIds[next++]!);
      };
      await Promise.all([lane(), lane()]);
    }),
  );
  if (smtp.received.length !== handovers) throw new Error(`received ${smtp.received.length} of ${handovers}`);
  mailer.close();
  await smtpStore.close();
  await smtp.stop();
  return rates;
}

const ADMIN = `Basic ${Buffer.from('admin@mws.test:admin-demo').toString('base64')}`;
const COORDINATOR = `Basic ${Buffer.from('coordinator@mws.test:coordinator-demo').toString('base64')}`;
const FANOUT_DOMAIN = 'fanout.bench.test';

async function ask<T>(base: string, auth: string, route: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(base + route, {
    ...init,
    headers: { Authorization: auth, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** `count` users in one coordinator group of `studio`, each wanting comments mailed at once. */
async function addCoordinators(dbFile: string, studio: string, count: number): Promise<void> {
  const store = new SqliteStore(dbFile);
  const groups = await store.list<{ _id: string; created: number; type?: string; studios?: string[] }>('Groups', {
    filters: [{ field: 'type', op: 'eq', value: 'coordinator' }],
    offset: 0,
    limit: 100,
  });
  const group = groups.items.find((g) => (g.studios ?? []).includes(studio));
  if (!group) throw new Error(`no coordinator group of studio ${studio} in the demo data`);
  await store.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const address = `coordinator${i}@${FANOUT_DOMAIN}`;
      await tx.insert('Users', {
        name: `Coordinator ${i}`,
        username: address,
        emailNormal: address,
        status: 'active',
        groups: [group._id],
        preferences: { mail: { enabled: true, work_request_comments: 0 } },
      });
    }
  });
  await store.close();
}

interface Fanout {
  recipients: number;
  /** The comment's POST: its event, notifications and mail jobs in one transaction. */
  postMs: number;
  /** From the POST's answer until the SMTP server had every mail. */
  deliverySeconds: number;
  mailsPerSecond: number;
  idle: { inbox: LatencyStats; healthz: LatencyStats };
  during: { inbox: LatencyStats; healthz: LatencyStats };
}

/** The demo coordinator's inbox and `/healthz`, probed until `until` settles. */
async function probed<T>(
  base: string,
  until: Promise<T>,
): Promise<{ inbox: LatencyStats; healthz: LatencyStats; result: T }> {
  const inbox = probeLoop(
    async () =>
      (
        await fetch(`${base}/api/notifications`, {
          headers: { Authorization: COORDINATOR, 'X-Requested-With': 'XMLHttpRequest', 'X-Range': 'resources=0-49' },
        })
      ).arrayBuffer(),
    100,
  );
  const health = healthProbe(base);
  const result = await until;
  return { inbox: stats(await inbox.stop()), healthz: stats(await health.stop()), result };
}

async function fanout(): Promise<Fanout> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-mail-'));
  let server: Running | undefined;
  let smtp: TestSmtp | undefined;
  try {
    // The demo data first (the first start seeds it), then the recipients written beside it while it is stopped.
    server = await startServer({ dataDir, portBase: 8750 });
    const [order] = await ask<{ _id: string; studio: string }[]>(server.url, ADMIN, '/api/workrequests?sort=-created');
    if (!order) throw new Error('no work request in the demo data');
    await server.stop();
    await addCoordinators(path.join(dataDir, 'mws.sqlite'), order.studio, RECIPIENTS);
    smtp = await startSmtp();
    server = await startServer({ dataDir, portBase: 8750, env: { SMTP_URL: smtp.url, MAIL_FROM: 'MWS <m@mws.test>' } });
    const base = server.url;
    await ask(base, COORDINATOR, '/api/notifications'); // the probe's credentials verified once, as for a user at work
    const ours = () => smtp!.received.filter((m) => m.to.some((t) => t.endsWith(`@${FANOUT_DOMAIN}`))).length;

    const idle = await probed(base, new Promise((resolve) => setTimeout(resolve, 3000)));
    const during = await probed(
      base,
      (async () => {
        const posted = performance.now();
        await ask(base, ADMIN, '/api/comments', {
          method: 'POST',
          body: JSON.stringify({ workRequest: order._id, body: 'Fan-out: the new cut is in.' }),
        });
        const answered = performance.now();
        const deadline = Date.now() + 15 * 60_000;
        while (ours() < RECIPIENTS) {
          if (Date.now() > deadline) throw new Error(`only ${ours()} of ${RECIPIENTS} mails in 15 minutes`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return { postMs: answered - posted, deliverySeconds: (performance.now() - answered) / 1000 };
      })(),
    );
    const { postMs, deliverySeconds } = during.result;
    return {
      recipients: RECIPIENTS,
      postMs: Math.round(postMs),
      deliverySeconds: Math.round(deliverySeconds * 10) / 10,
      mailsPerSecond: Math.round(RECIPIENTS / deliverySeconds),
      idle: { inbox: idle.inbox, healthz: idle.healthz },
      during: { inbox: during.inbox, healthz: during.healthz },
    };
  } finally {
    await server?.stop();
    await smtp?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<{ data: { rates: Rate[]; fanout: Fanout }; markdown: string }> {
  console.log(`mail: ${RECIPIENTS} recipients…`);
  const rates = await inProcessRates();
  const f = await fanout();
  const figures = (s: LatencyStats) => `${s.p50} / ${s.p95} / ${s.max} ms`;
  const markdown = [
    '## Mail',
    '',
    `In this process (no HTTP server), ${RECIPIENTS.toLocaleString('en')} notifications:`,
    '',
    '| what | mails | seconds | per second |',
    '|---|---|---|---|',
    ...rates.map((r) => `| ${r.label} | ${r.count} | ${r.seconds} | ${r.perSecond} |`),
    '',
    `End to end on the server (SQLite, demo data): ${f.recipients.toLocaleString('en')} coordinators of one studio who want comments mailed at once, one comment on an order of that studio, mails to an SMTP server on loopback. The comment's POST (event, notifications and mail jobs in one transaction): **${f.postMs} ms**. From its answer until the SMTP server had every mail: **${f.deliverySeconds} s (${f.mailsPerSecond} mails/s)**. Meanwhile, the demo coordinator's inbox (\`GET /notifications\`, first 50, every 100 ms) and \`/healthz\` (every 10 ms), beside their idle figures of the same run:`,
    '',
    '| probe | idle p50 / p95 / max | during the fan-out p50 / p95 / max |',
    '|---|---|---|',
    `| inbox | ${figures(f.idle.inbox)} | ${figures(f.during.inbox)} |`,
    `| healthz | ${figures(f.idle.healthz)} | ${figures(f.during.healthz)} |`,
    '',
  ].join('\n');
  return { data: { rates, fanout: f }, markdown };
}
