import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../storage/sqlite/sqliteStore';
import { LinkSigner } from '../signing';
import { Mailer } from './mailer';

const stores: SqliteStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

async function setUp(mail: Record<string, unknown>) {
  const store = new SqliteStore(':memory:');
  stores.push(store);
  const user = (
    await store.insert('Users', {
      name: 'Cora',
      username: 'cora@x.test',
      emailNormal: 'cora@x.test',
      groups: [],
      preferences: { mail: { enabled: true, ...mail } },
    })
  ).doc;
  const notification = (
    await store.insert('Notifications', {
      to: user._id,
      type: 'wr-comment',
      title: 'Ada commented',
      emailSubject: 'Ada commented',
      event: { _id: 'e'.repeat(24), projects: [], urls: { view: '/work-requests/x' } },
      sent: false,
      digested: false,
      mailFrequency: 0,
      added: 1_764_331_200,
    })
  ).doc;
  const mailer = new Mailer(store, new LinkSigner(randomBytes(32)), { from: 'm@x.test', origin: 'https://c.test' });
  return { store, user, notification, mailer };
}

describe('the mail handlers (outbox)', () => {
  it('keep a notification mail once however often the job runs, and mark it sent', async () => {
    const { store, notification, mailer } = await setUp({ work_request_comments: 0 });
    await mailer.sendNotification(notification._id);
    await mailer.sendNotification(notification._id);
    await Promise.all([mailer.sendNotification(notification._id), mailer.sendNotification(notification._id)]);
    expect(await store.count('Mails', [])).toBe(1);
    expect((await store.get('Notifications', notification._id))?.doc.sent).toBe(true);
  });

  it('send nothing once the kind or the master switch is off', async () => {
    for (const mail of [{ work_request_comments: -1 }, { enabled: false, work_request_comments: 0 }]) {
      const { store, notification, mailer } = await setUp(mail);
      await mailer.sendNotification(notification._id);
      expect(await store.count('Mails', [])).toBe(0);
      expect((await store.get('Notifications', notification._id))?.doc.sent).toBe(false);
    }
  });
});
