/**
 * Events and the notifications made from them. An event names who acted, what it is about and whom to notify;
 * each notified user gets a Notification embedding the event. New notifications are also published on the bus
 * so open inboxes (Server-Sent Events) see them at once.
 */
import { EventEmitter } from 'node:events';
import type { Doc, StoreOps, Transaction } from '../storage/store';
import type { Caller, GroupDoc, WorkRequestDoc, ShareDoc, UserDoc } from './types';
import {
  wamTitle,
  wrStatusTitle,
  wrCommentTitle,
  translationSubmittedTitle,
  shareTitle,
  shareFeedbackTitle,
  wrCreatedTitle,
  wrAssignedTitle,
  wrUnassignedTitle,
  wrChangedTitle,
  materialsInTitle,
  deliveryTitle,
} from './titles';
import { deliveriesPageUrl, workRequestUrls } from './urls';
import { NEVER, eventProjectIds, isMutedFor, mailFrequency, mailKindOf } from './mail/preferences';
import { scheduleMail } from './mail/schedule';

export interface NotificationBus {
  publish(notification: Doc): void;
  subscribe(userId: string, listener: (notification: Doc) => void): () => void;
  /**
   * A user's account was written (disabled, password changed, …): every instance checks that user's open live
   * streams against the stored account (http/liveStreams.ts). Published after the write's commit.
   */
  publishAccountChange(userId: string): void;
  /** `userId` undefined: any account may have changed unheard (the bus was disconnected): check every stream. */
  onAccountChange(listener: (userId: string | undefined) => void): () => void;
}

const ACCOUNT_EVENT = 'account';

export function createNotificationBus(): NotificationBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (n) => emitter.emit(`to:${String(n.to)}`, n),
    subscribe(userId, listener) {
      emitter.on(`to:${userId}`, listener);
      return () => emitter.off(`to:${userId}`, listener);
    },
    publishAccountChange: (userId) => emitter.emit(ACCOUNT_EVENT, userId),
    onAccountChange(listener) {
      emitter.on(ACCOUNT_EVENT, listener);
      return () => emitter.off(ACCOUNT_EVENT, listener);
    },
  };
}

/** The work request fields an event embeds as they are (the seed's events embed the same). */
export const EVENT_WR_FIELDS = [
  '_id',
  'auto',
  'autosubs',
  'dualLanguages',
  'aspectRatio',
  'status',
  'assetType',
  'assetCategory',
  'due',
  'deliveryDeadline',
  'autoMode',
  'language',
  'territory',
  'dng',
  'audioFile',
  'instructions',
  'files',
  'uses',
  'dcp',
  'shippingAddresses',
  'studio',
  'estimate',
  'materials',
  'rejections',
  'history',
  'reason',
  'tags',
  'graphicsTranslation',
  'translation',
] as const;

/** The work request subset an event embeds: related records by id, recipients as a plain list. */
export function eventWorkRequest(wr: WorkRequestDoc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of EVENT_WR_FIELDS) if (wr[k] !== undefined) out[k] = wr[k];
  out.project = wr.project?._id;
  out.asset = wr.asset?._id;
  out.from = wr.from?._id;
  out.recipients = Object.values(wr.recipients ?? {}).flat();
  out.urls = workRequestUrls(wr._id, '', true);
  return out;
}

/** What names an order, and no more: for an event to someone who no longer sees it. */
function namesOfWorkRequest(wr: WorkRequestDoc): Record<string, unknown> {
  return { _id: wr._id, status: wr.status, language: wr.language, territory: wr.territory, asset: wr.asset?._id };
}

/**
 * The coordinator groups of a studio, and their users: the users whose `groups` name one of them (a user's groups
 * are the truth, as for the caller's scope; a group's `users` list is not kept in step when an admin edits a user).
 */
export async function studioCoordinators(
  store: StoreOps,
  studioId: string | undefined,
): Promise<{ groups: string[]; users: string[] }> {
  if (!studioId) return { groups: [], users: [] };
  const page = await store.list<GroupDoc>('Groups', {
    filters: [{ field: 'type', op: 'eq', value: 'coordinator' }],
    offset: 0,
    limit: 100,
  });
  const groups = page.items.filter((g) => (g.studios ?? []).includes(studioId)).map((g) => g._id);
  if (groups.length === 0) return { groups, users: [] };
  const members = (
    await store.list('Users', {
      filters: [{ field: 'groups', op: 'contains', value: groups }],
      offset: 0,
      limit: 10_000,
    })
  ).items;
  return { groups, users: members.map((u) => u._id) };
}

/** The event types about one work request, each with its title. */
const WORK_REQUEST_TITLES = {
  wam: wamTitle,
  'wr-status': wrStatusTitle,
  'wr-comment': wrCommentTitle,
  'translation-submitted': translationSubmittedTitle,
  'wr-created': wrCreatedTitle,
  'wr-assigned': wrAssignedTitle,
  'wr-unassigned': wrUnassignedTitle,
  'wr-changed': wrChangedTitle,
  'materials-in': materialsInTitle,
  delivery: deliveryTitle,
} as const;

/** The event's `from`: the acting user as the spec's events embed them. */
export function eventFrom(actor: Pick<Caller, 'id' | 'user'>) {
  return {
    _id: actor.id,
    status: actor.user.status,
    username: actor.user.username,
    invite: actor.user.invite,
    emailNormal: actor.user.emailNormal,
    name: actor.user.name,
  };
}

/**
 * The event as one recipient's notification embeds it: its `notify` names that recipient alone (and the groups).
 * The stored Event keeps every recipient; copied into each notification, the list made a fan-out to n users write
 * n² ids (10,000 coordinators: 2.7 GB in one transaction) and showed every recipient who else was told
 * (docs/API.md "Notifications").
 */
export function eventFor<E extends Record<string, unknown>>(event: E, recipient: string): E {
  const notify = event.notify as { groups?: unknown } | undefined;
  // The progress of a large fan-out is the stored event's, not the recipient's.
  const { fanOut: _progress, ...rest } = event;
  const groups: unknown[] = Array.isArray(notify?.groups) ? notify.groups : [];
  return { ...rest, notify: { users: [recipient], groups } } as unknown as E;
}

/**
 * How many recipients an event's own transaction tells; beyond them, the rest are told in batches of this size by
 * the job queue (`FAN_OUT_TASK`), each batch its own short transaction, so a fan-out to 10,000 people no longer holds
 * the database (and SQLite's thread) for a second (docs/API.md "Notifications": large fan-outs). FAN_OUT_BATCH.
 */
let fanOutBatch = 500;
export function configureFanOut(batch: number): void {
  fanOutBatch = batch;
}

export const FAN_OUT_TASK = 'fan-out';

/** A fan-out job: the event, its title and time, and the recipients not told yet (from `offset` of the whole list). */
type FanOutPayload = {
  event: string;
  title: string;
  now: number;
  offset: number;
  users: string[];
};

/**
 * Stores one event and a notification per user, in one transaction; the notifications are published once it is
 * committed. Given the transaction of the write the event tells of (`tx`), it joins it. A user who muted the event's
 * project gets none; each notification's mail (at once or in a digest, by the user's preferences) is a job added
 * in the same transaction (docs/API.md "Mail"). Beyond the first `fanOutBatch` recipients the event carries
 * `fanOut: {total, done}` and the rest are told from the queue (`fanOutHandlers`); their notifications are not in the
 * answer.
 */
export function recordEvent(
  ops: Transaction,
  bus: NotificationBus,
  event: Record<string, unknown>,
  users: string[],
  title: string,
  now: number,
): Promise<Doc[]> {
  return ops.transaction(async (store) => {
    const batched = users.length > fanOutBatch;
    const saved = (
      await store.insert('Events', {
        processed: true,
        pushed: false,
        digested: false,
        created: now,
        ...event,
        ...(batched ? { fanOut: { total: users.length, done: fanOutBatch } } : {}),
      })
    ).doc;
    const created = await notify(store, bus, saved, users.slice(0, fanOutBatch), title, now);
    if (batched)
      await addFanOut(store, { event: saved._id, title, now, offset: fanOutBatch, users: users.slice(fanOutBatch) });
    return created;
  });
}

function addFanOut(store: StoreOps, payload: FanOutPayload): Promise<void> {
  // Keyed by the event and where the batch starts: a batch is added once, whichever run adds it.
  return store.jobs.add(FAN_OUT_TASK, payload, { key: `fan-out:${payload.event}:${payload.offset}` });
}

/** A notification per user (not the muted), their mail jobs, published after the commit. */
async function notify(
  store: StoreOps,
  bus: NotificationBus,
  saved: Doc,
  users: string[],
  title: string,
  now: number,
): Promise<Doc[]> {
  const created: Doc[] = [];
  const projects = eventProjectIds(saved);
  const people = new Map((await store.getMany<UserDoc>('Users', users)).map((u) => [u.doc._id, u.doc]));
  for (const to of users) {
    const person = people.get(to);
    if (person && isMutedFor(person, projects)) continue;
    // Someone invited who has not joined yet gets the invitation's mail, not mails about a console they cannot open.
    const joined = person && !(person.status?.invited === true && person.status.registered !== true);
    const frequency = joined ? mailFrequency(person, mailKindOf(String(saved.type))) : NEVER;
    const notification = (
      await store.insert('Notifications', {
        from: (saved.from as { _id: string })._id,
        to,
        event: eventFor(saved, to),
        type: saved.type,
        title,
        emailSubject: title,
        read: false,
        viewed: false,
        sent: false,
        digested: false,
        mailFrequency: frequency,
        added: now,
        created: now,
      })
    ).doc;
    await scheduleMail(store, notification, frequency, now);
    created.push(notification);
  }
  store.afterCommit(() => {
    for (const n of created) bus.publish(n);
  });
  return created;
}

/**
 * The queue's side of a large fan-out: one batch per run, in one transaction with the event's progress (`fanOut.done`)
 * and the next batch's job, so a run repeated after a crash finds its batch done and tells no one twice.
 */
export function fanOutHandlers(store: Transaction, bus: NotificationBus) {
  return {
    [FAN_OUT_TASK]: async (raw: unknown) => {
      const payload = raw as FanOutPayload;
      await store.transaction(async (tx) => {
        const found = await tx.get('Events', payload.event, { forUpdate: true });
        const progress = found?.doc.fanOut as { total: number; done: number } | undefined;
        if (!found || !progress || progress.done !== payload.offset) return;
        const batch = payload.users.slice(0, fanOutBatch);
        await tx.replace(
          'Events',
          { ...found.doc, fanOut: { ...progress, done: progress.done + batch.length } },
          found.version,
        );
        await notify(tx, bus, found.doc, batch, payload.title, payload.now);
        const rest = payload.users.slice(batch.length);
        if (rest.length > 0) await addFanOut(tx, { ...payload, offset: payload.offset + batch.length, users: rest });
      });
    },
  };
}

/** Tells the users newly added to a share's recipients. */
export async function emitShareEvent(
  store: Transaction,
  bus: NotificationBus,
  actor: Caller,
  share: ShareDoc,
  newRecipients: string[],
  now = Date.now(),
): Promise<Doc[]> {
  const users = newRecipients.filter((u) => u !== actor.id);
  if (users.length === 0) return [];
  const title = shareTitle({
    actorName: actor.user.name ?? 'Someone',
    actorGroup: actor.groups[0]?.name,
    assetCount: share.assets?.length ?? 0,
    projectNames: share.projectNames ?? [],
  });
  return recordEvent(
    store,
    bus,
    {
      from: eventFrom(actor),
      type: 'share',
      share: share._id,
      projects: [],
      notify: { users, groups: [] },
      assets: (share.assets ?? []).map((a) => a._id),
    },
    users,
    title,
    Math.floor(now / 1000),
  );
}

/**
 * Tells a share's sender that a recipient gave feedback, batched: while the sender has not read the share's feedback
 * notification, a new recipient's first feedback updates it ("3 recipients gave feedback…") instead of adding one.
 */
export async function emitShareFeedbackEvent(
  store: Transaction,
  bus: NotificationBus,
  actor: Caller,
  share: ShareDoc,
  now: number,
): Promise<void> {
  const sender = share.from?._id;
  if (!sender || sender === actor.id) return;
  const unread = await store.list('Notifications', {
    filters: [
      { field: 'to', op: 'eq', value: sender },
      { field: 'type', op: 'eq', value: 'share-feedback' },
      { field: 'read', op: 'eq', value: false },
    ],
    offset: 0,
    limit: 1000,
  });
  const open = unread.items.find((n) => (n.event as { share?: unknown } | undefined)?.share === share._id);
  const names = (open?.names as string[] | undefined) ?? [];
  const who = [...new Set([...names, actor.user.name ?? 'A recipient'])];
  const title = shareFeedbackTitle({ names: who, assetCount: share.assets?.length ?? 0 });
  if (open) {
    const current = await store.get('Notifications', open._id, { forUpdate: true });
    if (!current) return;
    const saved = await store.replace(
      'Notifications',
      {
        ...current.doc,
        names: who,
        title,
        emailSubject: title,
        added: now,
      },
      current.version,
    );
    store.afterCommit(() => bus.publish(saved.doc));
    return;
  }
  const [created] = await recordEvent(
    store,
    bus,
    {
      from: eventFrom(actor),
      type: 'share-feedback',
      share: share._id,
      projects: [],
      notify: { users: [sender], groups: [] },
    },
    [sender],
    title,
    now,
  );
  if (created) await store.replace('Notifications', { ...created, names: who }, 1);
}

export interface WorkRequestEventInput {
  type: keyof typeof WORK_REQUEST_TITLES;
  actor: Caller;
  workRequest: WorkRequestDoc;
  /** Extra users to notify (e.g. the translator). */
  alsoNotify?: (string | undefined)[];
  /** Only these users (not the requester and coordinators): an assignment tells the assignee alone. */
  notifyOnly?: string[];
  /**
   * The event embeds only what names the order (`_id`, `status`, `language`, `territory`, `asset`) and no links: for
   * someone who no longer sees it (`wr-unassigned`).
   */
  namesOnly?: boolean;
  /** For `wr-changed`: what changed, in words ("the due date"); for `delivery`, the formats delivered. */
  changed?: string[];
  /**
   * For a send back or rejection (`wr-status`): its reason and the notes it asks to address, each with its line and
   * text, so the inbox lists them (docs/API.md "Verdicts").
   */
  verdict?: EventVerdict;
  now?: number;
}

/** A verdict as an event embeds it: the reason and each note to address (id, line number, text, the line's text). */
export interface EventVerdict {
  reason: string;
  notes: { _id: string; line?: number; body?: string; lineText?: string }[];
}

/**
 * Records an event about a work request and notifies the requester, the studio's coordinators and `alsoNotify` (or
 * only `notifyOnly`). The acting user is never notified.
 */
export async function emitWorkRequestEvent(
  store: Transaction,
  bus: NotificationBus,
  input: WorkRequestEventInput,
): Promise<Doc[]> {
  const { actor, workRequest: wr, type } = input;
  const now = Math.floor((input.now ?? Date.now()) / 1000);
  const coordinators = input.notifyOnly ? { groups: [], users: [] } : await studioCoordinators(store, wr.studio);
  const audience = input.notifyOnly ?? [wr.from?._id, ...coordinators.users, ...(input.alsoNotify ?? [])];
  const users = [...new Set(audience)].filter((u): u is string => typeof u === 'string' && u !== actor.id);
  // The actor's group in the work request's studio names them best; else their first group.
  const group = (actor.groups.find((g) => wr.studio && (g.studios ?? []).includes(wr.studio)) ?? actor.groups[0])?.name;
  const title = WORK_REQUEST_TITLES[type]({
    actorName: actor.user.name ?? actor.user.emailNormal ?? 'Someone',
    actorGroup: group,
    assetName: wr.asset?.name ?? 'Untitled asset',
    language: wr.language ?? '?',
    territory: wr.territory ?? '?',
    status: wr.status ?? '',
    changed: input.changed,
  });
  return recordEvent(
    store,
    bus,
    {
      from: eventFrom(actor),
      type,
      workRequest: input.namesOnly ? namesOfWorkRequest(wr) : eventWorkRequest(wr),
      projects: wr.project ? [{ _id: wr.project._id, name: wr.project.name, slug: wr.project.slug }] : [],
      ...(input.namesOnly
        ? {}
        : {
            urls: {
              ...workRequestUrls(wr._id, '', true),
              ...(type === 'delivery' ? { view: deliveriesPageUrl(wr._id, '') } : {}),
            },
          }),
      ...(input.verdict ? { verdict: input.verdict } : {}),
      notify: { users, groups: coordinators.groups },
      assets: [],
    },
    users,
    title,
    now,
  );
}
