/**
 * Mail out (docs/API.md "Mail"; docs/decisions/176-mail-out.md): the job handlers that turn notifications into
 * mails, and where mails go: over SMTP with nodemailer when `SMTP_URL` is set, else kept in the outbox (the `Mails`
 * collection) for admins to read. Every mail handed over is also recorded there, so admins see what went out.
 *
 * A job runs at least once (storage/jobs.ts): each handler checks the notification's mark first and sets it in the
 * transaction that records the mail. Kept in the outbox, check and mark are one transaction: exactly once. Over
 * SMTP the hand-over cannot join the transaction; the mark follows it at once, so a crash between the two can send
 * a mail twice, never lose one.
 */
import nodemailer from 'nodemailer';
import type { Doc, Store, StoreOps } from '../../storage/store';
import type { JobHandlers, JobRunner } from '../../storage/jobs';
import type { LinkSigner } from '../signing';
import type { UserDoc } from '../types';
import type { MailPreferenceKey } from '../../../src/api/schema/user';
import { NEVER, mailFrequency, mailKindOf } from './preferences';
import { MAIL_DIGEST_TASK, MAIL_INVITATION_TASK, MAIL_NOTIFICATION_TASK } from './schedule';
import { renderInvitationMail, type InvitationMailInput } from './invitationMail';
import { renderDigestMail, renderNotificationMail, type Recipient, type RenderedMail } from './render';
import { unsubscribeLink, type UnsubscribeTarget } from './unsubscribe';

export interface MailSettings {
  /** `smtp://user:pass@host:587?…` (nodemailer's URL form, TLS options as its query); absent: the outbox. */
  smtpUrl?: string;
  /** The From header (`MWS Console <console@example.com>`). */
  from: string;
  /** The origin links in mails point at. */
  origin: string;
}

/** A mail as the `Mails` collection keeps it. */
export interface MailRecord {
  to: string;
  address: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** 0 for one notification's mail, else the digest's period in seconds. */
  frequency: number;
  notifications: string[];
  delivery: 'smtp' | 'outbox';
  messageId?: string;
}

/** How far back a digest looks for what it has not told yet: a week beyond its period (retries, downtime). */
const DIGEST_LOOKBACK_SECONDS = 7 * 86_400;
/** The most notifications one digest tells; more wait for the next. */
const DIGEST_MAX = 200;

/** Where mail goes, in words for the start-up log. */
export function mailDestination(settings: Pick<MailSettings, 'smtpUrl'>): string {
  if (!settings.smtpUrl) return 'Mail is kept in the outbox (no SMTP_URL): admins read it at /admin/outbox';
  const url = new URL(settings.smtpUrl);
  return `Mail goes out over SMTP to ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
}

/**
 * The URL with nodemailer's connection pool unless it says otherwise (`pool=false`): a connection per mail cost
 * ~110 ms on loopback (18 mails/s from a runner's two lanes), a pooled one 254/s (bench/mail.ts).
 */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

function recipientOf(user: UserDoc): Recipient {
  const zone = (user as { timeZone?: unknown }).timeZone;
  return {
    name: user.name || user.emailNormal || 'there',
    address: user.emailNormal ?? user.username ?? '',
    timeZone: typeof zone === 'string' ? zone : undefined,
  };
}

function listHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export class Mailer {
  private readonly transport;

  constructor(
    private readonly store: Store,
    private readonly signer: LinkSigner,
    private readonly settings: MailSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.transport = settings.smtpUrl ? nodemailer.createTransport(pooled(settings.smtpUrl)) : undefined;
  }

  private link(user: string, target: UnsubscribeTarget): string {
    return unsubscribeLink(this.signer, this.settings.origin, user, target, this.now());
  }

  handlers(): JobHandlers {
    return {
      [MAIL_NOTIFICATION_TASK]: (payload) =>
        this.sendNotification(String((payload as { notification?: unknown }).notification)),
      [MAIL_DIGEST_TASK]: (payload) => {
        const { user, frequency } = payload as { user?: unknown; frequency?: unknown };
        return this.sendDigest(String(user), Number(frequency));
      },
      [MAIL_INVITATION_TASK]: (payload) => {
        const { user, share, by } = payload as { user?: unknown; share?: unknown; by?: unknown };
        return typeof share === 'string'
          ? this.sendInvitation(String(user), share)
          : this.sendAccountInvitation(String(user), String(by));
      },
    };
  }

  /**
   * An invitation's mail: its link carries the user's current code (read now, so a code issued again since is the one
   * sent). Nothing once they have registered, or when the code is gone.
   */
  private async sendInvitationMail(
    userId: string,
    about: () => Promise<Pick<InvitationMailInput, 'from' | 'note' | 'assets'> | undefined>,
  ): Promise<void> {
    const user = (await this.store.get<UserDoc>('Users', userId))?.doc;
    if (!user || user.status?.registered === true || typeof user.inviteCode !== 'string') return;
    const what = await about();
    if (!what) return;
    const recipient = recipientOf(user);
    const link = `${this.settings.origin}/invite/${encodeURIComponent(user.inviteCode)}`;
    const expires = typeof user.inviteExpires === 'number' ? user.inviteExpires : undefined;
    const mail = renderInvitationMail({ ...what, link, expires }, recipient);
    await this.deliver(user, recipient, mail, {}, 0, [], { sent: true });
  }

  /** A newcomer a share names: who shared what with them, and the sender's note. */
  sendInvitation(userId: string, shareId: string): Promise<void> {
    return this.sendInvitationMail(userId, async () => {
      const share = (await this.store.get('Shares', shareId))?.doc as
        { from?: { name?: string; emailNormal?: string }; notes?: string; assets?: { name?: string }[] } | undefined;
      if (!share) return undefined;
      return {
        from: share.from?.name || share.from?.emailNormal || 'Someone',
        note: share.notes,
        assets: (share.assets ?? []).map((a) => a.name ?? 'Untitled asset'),
      };
    });
  }

  /** A person an admin added (or sent a new code): their invitation to the console, naming the admin. */
  sendAccountInvitation(userId: string, byId: string): Promise<void> {
    return this.sendInvitationMail(userId, async () => {
      const by = (await this.store.get<UserDoc>('Users', byId))?.doc;
      return { from: by?.name || by?.emailNormal || 'An administrator', assets: [] };
    });
  }

  /** One notification's mail, unless it was sent already or its user's preferences no longer want it. */
  async sendNotification(id: string): Promise<void> {
    const n = (await this.store.get('Notifications', id))?.doc;
    if (!n || n.sent === true) return;
    const user = (await this.store.get<UserDoc>('Users', String(n.to)))?.doc;
    if (!user) return;
    const kind = mailKindOf(String(n.type));
    if (mailFrequency(user, kind) === NEVER) return;
    const recipient = recipientOf(user);
    const unsubscribe = this.link(user._id, kind);
    const mail = renderNotificationMail(n, recipient, this.settings.origin, unsubscribe);
    await this.deliver(user, recipient, mail, listHeaders(unsubscribe), 0, [n], { sent: true });
  }

  /**
   * The digest of one user and frequency: every notification made for it that no mail has told yet, in one mail.
   * Kinds since switched off (or the master switch) are left out.
   */
  async sendDigest(userId: string, frequency: number): Promise<void> {
    const user = (await this.store.get<UserDoc>('Users', userId))?.doc;
    if (!user) return;
    const pending = await this.pendingDigest(this.store, user, frequency);
    if (pending.length === 0) return;
    const recipient = recipientOf(user);
    const mail = renderDigestMail(pending, frequency, recipient, this.settings.origin, (k) => this.link(user._id, k));
    await this.deliver(user, recipient, mail, listHeaders(this.link(user._id, 'all')), frequency, pending, {
      digested: true,
    });
  }

  private async pendingDigest(ops: StoreOps, user: UserDoc, frequency: number): Promise<Doc[]> {
    const since = Math.floor(this.now() / 1000) - frequency - DIGEST_LOOKBACK_SECONDS;
    const page = await ops.list('Notifications', {
      filters: [
        { field: 'to', op: 'eq', value: user._id },
        { field: 'added', op: 'gte', value: since },
      ],
      sort: { field: 'added', dir: 'asc' },
      offset: 0,
      limit: 5000,
    });
    return page.items
      .filter(
        (n) =>
          n.mailFrequency === frequency &&
          n.digested !== true &&
          n.sent !== true &&
          mailFrequency(user, mailKindOf(String(n.type))) !== NEVER,
      )
      .slice(0, DIGEST_MAX);
  }

  /**
   * Hands the mail over (SMTP) or keeps it (outbox), records it in `Mails` and marks its notifications, in one
   * transaction that first checks none of them is marked already (a second run of the job sends nothing).
   */
  private async deliver(
    user: UserDoc,
    recipient: Recipient,
    mail: RenderedMail,
    headers: Record<string, string>,
    frequency: number,
    notifications: Doc[],
    mark: { sent: true } | { digested: true },
  ): Promise<void> {
    const ids = notifications.map((n) => n._id);
    let messageId: string | undefined;
    if (this.transport) {
      const info = (await this.transport.sendMail({
        from: this.settings.from,
        to: { name: recipient.name, address: recipient.address },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers,
      })) as { messageId?: string };
      messageId = info.messageId;
    }
    await this.store.transaction(async (tx) => {
      const current = await tx.getMany('Notifications', ids);
      const fresh = current.filter((s) => s.doc.sent !== true && s.doc.digested !== true).map((s) => s.doc._id);
      // Kept in the outbox, a mail whose notifications another run marked meanwhile is not kept twice.
      if (ids.length > 0 && fresh.length === 0 && !this.transport) return;
      const record: MailRecord = {
        to: user._id,
        address: recipient.address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers,
        frequency,
        notifications: ids,
        delivery: this.transport ? 'smtp' : 'outbox',
        ...(messageId ? { messageId } : {}),
      };
      await tx.insert('Mails', record as unknown as Omit<Doc, '_id' | 'created'>);
      if (fresh.length > 0) await tx.updateWhere('Notifications', [{ field: '_id', op: 'in', value: fresh }], mark);
      if ('digested' in mark) {
        const events = [...new Set(notifications.map((n) => (n.event as { _id?: string } | undefined)?._id))];
        const eventIds = events.filter((e): e is string => typeof e === 'string');
        if (eventIds.length > 0) await tx.updateWhere('Events', [{ field: '_id', op: 'in', value: eventIds }], mark);
      }
    });
  }

  close(): void {
    this.transport?.close();
  }
}

/** Starts this instance's mail runner (every instance runs one; the queue gives each job to one of them). */
export async function startMail(
  store: Store,
  signer: LinkSigner,
  settings: MailSettings,
): Promise<{ stop(): Promise<void>; mailer: Mailer }> {
  const mailer = new Mailer(store, signer, settings);
  const runner: JobRunner = await store.runJobs(mailer.handlers(), { concurrency: 2 });
  return {
    mailer,
    async stop() {
      await runner.stop();
      mailer.close();
    },
  };
}

export type { MailPreferenceKey };
