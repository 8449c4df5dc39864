/**
 * Mail fan-out (docs/API.md "Mail"): how fast mails are rendered, and rendered and handed over to a real SMTP server
 * on loopback (smtp-server in this process, nodemailer one connection per mail, as the job handler does), and kept in
 * the outbox (SQLite in memory). Runnable alone: `node --import tsx bench/mail.ts [recipients]` (default 10,000 for
 * rendering, a tenth of it for the hand-overs). Not yet a section of `npm run bench`; the inbox's latency during a
 * fan-out is not measured here.
 */
import { randomBytes } from 'node:crypto';
import { SqliteStore } from '../server/storage/sqlite/sqliteStore';
import { LinkSigner } from '../server/domain/signing';
import { Mailer } from '../server/domain/mail/mailer';
import { renderNotificationMail } from '../server/domain/mail/render';
import { startSmtp } from '../test/support/smtp';

const RECIPIENTS = Number(process.argv[2] ?? 10_000);
const HANDOVERS = Math.max(1, Math.floor(RECIPIENTS / 10));

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

async function rate(label: string, count: number, run: () => Promise<void>): Promise<void> {
  const t0 = performance.now();
  await run();
  const seconds = (performance.now() - t0) / 1000;
  console.log(`${label}: ${count} in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)}/s`);
}

const signer = new LinkSigner(randomBytes(32));
await rate('rendered (HTML + text, signed unsubscribe link)', RECIPIENTS, async () => {
  for (let i = 0; i < RECIPIENTS; i++) {
    const link = `https://c.test${signer.sign('/api/mail/unsubscribe/work_request_comments', { user: 'a'.repeat(24) })}`;
    renderNotificationMail(
      { _id: 'n', created: 0, ...notification('u', i) },
      { name: 'U', address: 'u@x' },
      'https://c.test',
      link,
    );
  }
});

const outboxStore = new SqliteStore(':memory:');
const outboxIds = await fill(outboxStore, RECIPIENTS);
const outbox = new Mailer(outboxStore, signer, { from: 'm@x.test', origin: 'https://c.test' });
await rate('rendered and kept in the outbox (SQLite)', RECIPIENTS, async () => {
  for (const id of outboxIds) await outbox.sendNotification(id);
});
await outboxStore.close();

const smtp = await startSmtp();
const smtpStore = new SqliteStore(':memory:');
const smtpIds = await fill(smtpStore, HANDOVERS);
const mailer = new Mailer(smtpStore, signer, {
  smtpUrl: process.env.BENCH_SMTP_POOL === 'false' ? `${smtp.url}&pool=false` : smtp.url,
  from: 'm@x.test',
  origin: 'https://c.test',
});
await rate(
  'rendered and handed over by SMTP (2 at once, as a runner; pooled unless BENCH_SMTP_POOL=false)',
  HANDOVERS,
  async () => {
    let next = 0;
    const lane = async () => {
      while (next < smtpIds.length) await mailer.sendNotification(smtpIds[next++]!);
    };
    await Promise.all([lane(), lane()]);
  },
);
if (smtp.received.length !== HANDOVERS) throw new Error(`received ${smtp.received.length} of ${HANDOVERS}`);
mailer.close();
await smtpStore.close();
await smtp.stop();
