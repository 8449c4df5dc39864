/**
 * What follows from embargoes (docs/API.md "Embargoes"): the `embargo` notification when one lifts — by time, claimed
 * once across every instance sharing the database, or by an admin's write — and the access requests that tell the
 * project's admins. Notifications go through the events pipeline (events.ts), live streams included.
 */
import { VersionConflict, type Doc, type Store, type StoreOps, type Stored, type Transaction } from '../storage/store';
import type { Caller, GroupDoc, UserDoc } from './types';
import { eventFrom, recordEvent, studioCoordinators, type NotificationBus } from './events';
import { embargoRequestTitle, embargoTitle } from './titles';
import { embargoClock, embargoInForce } from './embargo';
import { conflict, DomainError, notFound } from './errors';

/**
 * A file's fields that are the server's alone and never shown: the end whose lift was told (so it is told once), who
 * asked for access while it held, and who last set it.
 */
export const EMBARGO_INTERNAL_FIELDS = ['embargoLiftNotified', 'embargoRequests', 'embargoSetBy'] as const;

/** Lifts older than this when first seen (a database from before the sweep) are marked told, without notices. */
export const STALE_LIFT_SECONDS = 7 * 24 * 3600;

/** Access requests a person may make in REQUEST_WINDOW_MS, all files together (shared by every instance). */
export const REQUESTS_PER_WINDOW = 10;
export const REQUEST_WINDOW_MS = 60 * 60 * 1000;

/** A text field of a stored record, or `fallback` when it holds no text. */
const textOf = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

const requestersOf = (f: Doc): string[] =>
  Array.isArray(f.embargoRequests) ? f.embargoRequests.filter((u): u is string => typeof u === 'string') : [];

/** Whether this user asked for access to the file while its embargo holds. */
export const requestedBy = (f: Doc, userId: string): boolean => requestersOf(f).includes(userId);

/** The users of the admin groups. */
async function adminUsers(store: StoreOps): Promise<string[]> {
  const groups = (
    await store.list<GroupDoc>('Groups', {
      filters: [{ field: 'type', op: 'eq', value: 'admin' }],
      offset: 0,
      limit: 100,
    })
  ).items.map((g) => g._id);
  if (groups.length === 0) return [];
  const users = await store.list<UserDoc>('Users', {
    filters: [{ field: 'groups', op: 'contains', value: groups }],
    offset: 0,
    limit: 1000,
  });
  return users.items.filter((u) => u.status?.disabled !== true).map((u) => u._id);
}

/** The asset and project a file's event names, as the seed's `embargo` events embed them. */
async function aboutFile(tx: StoreOps, file: Doc) {
  const asset = typeof file.asset === 'string' ? await tx.get<Doc>('Assets', file.asset) : undefined;
  const project = typeof file.project === 'string' ? await tx.get<Doc>('Projects', file.project) : undefined;
  const assetName = textOf(asset?.doc.name, 'an asset');
  return {
    asset,
    assetName,
    fields: {
      projects: project
        ? [{ _id: project.doc._id, name: textOf(project.doc.name), slug: textOf(project.doc.slug) }]
        : [],
      urls: { view: `/assets/${String(file.asset)}`, manage: `/assets/${String(file.asset)}` },
      assets: asset
        ? [{ _id: asset.doc._id, name: assetName, slug: asset.doc.slug, project: asset.doc.project, file: file._id }]
        : [],
    },
  };
}

/**
 * The asset's record shows its files' embargo (`$embargo`): a change of it bumps the asset's version, so its ETag
 * and cached answers change with it.
 */
async function touchAsset(tx: Transaction, file: Doc): Promise<void> {
  if (typeof file.asset !== 'string') return;
  const asset = await tx.get<Doc>('Assets', file.asset, { forUpdate: true });
  if (asset) await tx.replace('Assets', asset.doc, asset.version);
}

/**
 * The `embargo` notification of a file whose embargo lifted: to the studio's coordinators and to whoever asked for
 * access while it held, never to the one who lifted it.
 */
async function tellLifted(
  tx: Transaction,
  bus: NotificationBus,
  file: Doc,
  actor: Pick<Caller, 'id' | 'user'>,
  requesters: string[],
  now: number,
): Promise<Doc[]> {
  const coordinators = await studioCoordinators(tx, typeof file.studio === 'string' ? file.studio : undefined);
  const users = [...new Set([...coordinators.users, ...requesters])].filter((u) => u !== actor.id);
  const about = await aboutFile(tx, file);
  await touchAsset(tx, file);
  if (users.length === 0) return [];
  return recordEvent(
    tx,
    bus,
    { from: eventFrom(actor), type: 'embargo', notify: { users, groups: coordinators.groups }, ...about.fields },
    users,
    embargoTitle({ fileName: textOf(file.name, 'a file'), assetName: about.assetName }),
    now,
  );
}

const sameEmbargo = (a: Doc | undefined, b: Doc) =>
  JSON.stringify(a?.embargo ?? null) === JSON.stringify(b.embargo ?? null);

/**
 * Hook of PUT /files/{id}, before the write: who set the embargo; and when the saved file is under no embargo, its
 * end counts as told (an admin's lift is told by the write itself, and an end set in the past never held).
 */
export function prepareEmbargoWrite(next: Doc, previous: Doc | undefined, caller: Caller, now = embargoClock()): Doc {
  if (sameEmbargo(previous, next)) return next;
  const out: Doc = { ...next, embargoSetBy: caller.id };
  if (embargoInForce(out, now) === undefined) {
    const end = (out.embargo as { end?: unknown } | undefined)?.end;
    if (typeof end === 'number') out.embargoLiftNotified = end;
    delete out.embargoRequests;
  }
  return out;
}

/** Hook of PUT /files/{id}, after the write, in its transaction: an embargo lifted by the write is told at once. */
export async function afterEmbargoWrite(
  tx: Transaction,
  bus: NotificationBus,
  saved: Doc,
  previous: Doc | undefined,
  caller: Caller,
  now = embargoClock(),
): Promise<void> {
  if (!previous || sameEmbargo(previous, saved)) return;
  const was = embargoInForce(previous, now);
  if (was !== undefined && embargoInForce(saved, now) === undefined) {
    await tellLifted(tx, bus, saved, caller, requestersOf(previous), now);
  } else {
    await touchAsset(tx, saved);
  }
}

/** Who a lift by time is from: the person who set the embargo, else an admin. */
async function liftActor(tx: StoreOps, file: Doc): Promise<Pick<Caller, 'id' | 'user'> | undefined> {
  const ids = [...(typeof file.embargoSetBy === 'string' ? [file.embargoSetBy] : []), ...(await adminUsers(tx))];
  for (const id of ids) {
    const user = await tx.get<UserDoc>('Users', id);
    if (user) return { id, user: user.doc };
  }
  return undefined;
}

/**
 * One round of the lift sweep (run by a timer on every instance): the files whose embargo end has passed and whose
 * lift nobody was told of. Each is claimed in its own transaction by a conditional write — the file read `FOR UPDATE`
 * and replaced only at the version read, with `embargoLiftNotified` set to the end — so of several instances running
 * the sweep at once exactly one tells each lift; the others find it told. Answers how many lifts this round told.
 */
export async function sweepLiftedEmbargoes(store: Store, bus: NotificationBus, now = embargoClock()): Promise<number> {
  const due = await store.list<Doc>('Files', {
    filters: [
      { field: 'embargoLiftDue', op: 'lt', value: now + 1 },
      { field: 'embargoLiftDue', op: 'gt', value: 0 },
    ],
    sort: { field: 'embargoLiftDue', dir: 'asc' },
    offset: 0,
    limit: 200,
    omit: ['warnings'],
  });
  let told = 0;
  for (const candidate of due.items) {
    try {
      told += await store.transaction(async (tx) => {
        const found = await tx.get<Doc>('Files', candidate._id, { forUpdate: true });
        const end = (found?.doc.embargo as { end?: unknown } | undefined)?.end;
        if (!found || typeof end !== 'number' || end > now || found.doc.embargoLiftNotified === end) return 0;
        const { embargoRequests: _asked, ...rest } = found.doc;
        await tx.replace('Files', { ...rest, embargoLiftNotified: end }, found.version);
        // A lift long past when first seen (a database from before the sweep) is marked told, without notices.
        if (end < now - STALE_LIFT_SECONDS) return 0;
        const actor = await liftActor(tx, found.doc);
        if (!actor) return 0;
        await tellLifted(tx, bus, found.doc, actor, requestersOf(found.doc), now);
        return 1;
      });
    } catch (e) {
      // Another instance claimed it between the read and the write: told there.
      if (!(e instanceof VersionConflict)) throw e;
    }
  }
  return told;
}

/** Runs the sweep every `intervalMs` until stopped; a failed round is reported and the next one tries again. */
export function startLiftSweep(store: Store, bus: NotificationBus, intervalMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepLiftedEmbargoes(store, bus)
      .catch((e: unknown) => console.error('the embargo lift sweep failed; it runs again', e))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * An access request (POST /files/{id}/accessRequests): the caller, held by the file's embargo, asks the project's
 * admins — the admins and the studio's coordinators — who get an `embargo-request` notification; the caller is told
 * when it lifts. Once per person and embargo (409 `already_requested`), at most REQUESTS_PER_WINDOW an hour per person
 * across every instance (429). Answers the file as stored.
 */
export async function requestEmbargoAccess(
  store: Store,
  bus: NotificationBus,
  caller: Caller,
  fileId: string,
  mayBypass: (file: Doc) => boolean,
  now = embargoClock(),
): Promise<Doc> {
  const key = `embargo-request:${caller.id}`;
  const requestable = (found: Stored<Doc> | undefined): Stored<Doc> => {
    if (!found) throw notFound('file');
    if (embargoInForce(found.doc, now) === undefined) throw conflict('this file is not under embargo');
    if (mayBypass(found.doc)) throw conflict('you may reach this file already: its embargo does not hold you');
    if (requestedBy(found.doc, caller.id))
      throw new DomainError('alreadyRequested', 'you asked for access to this file already');
    return found;
  };
  // Checked before the budget is spent (a repeated click costs no request), and again in the write's transaction.
  requestable(await store.get<Doc>('Files', fileId));
  // The shared counters live outside transactions: the budget is taken first, and given back if the write fails.
  const [state] = await store.counters.bump([key], REQUEST_WINDOW_MS);
  if (state && state.count > REQUESTS_PER_WINDOW) {
    await store.counters.release([key]);
    const seconds = Math.max(1, Math.ceil(state.resetsInMs / 1000));
    throw new DomainError('tooManyRequests', `too many access requests: try again in ${seconds} s`, {
      retryAfter: seconds,
    });
  }
  const write = () =>
    store.transaction(async (tx) => {
      const found = requestable(await tx.get<Doc>('Files', fileId, { forUpdate: true }));
      const saved = await tx.replace(
        'Files',
        { ...found.doc, embargoRequests: [...requestersOf(found.doc), caller.id] },
        found.version,
      );
      const studio = typeof found.doc.studio === 'string' ? found.doc.studio : undefined;
      const admins = await adminUsers(tx);
      const coordinators = await studioCoordinators(tx, studio);
      const users = [...new Set([...admins, ...coordinators.users])].filter((u) => u !== caller.id);
      const about = await aboutFile(tx, found.doc);
      await recordEvent(
        tx,
        bus,
        {
          from: eventFrom(caller),
          type: 'embargo-request',
          notify: { users, groups: coordinators.groups },
          ...about.fields,
        },
        users,
        embargoRequestTitle({
          actorName: caller.user.name ?? caller.user.emailNormal ?? 'Someone',
          fileName: textOf(found.doc.name, 'a file'),
          assetName: about.assetName,
        }),
        now,
      );
      return saved.doc;
    });
  try {
    return await write();
  } catch (e) {
    await store.counters.release([key]);
    throw e;
  }
}
