/** Work request rules: who sees which, and status changes with their history entry and event. */
import type { Filter, Stored, Transaction } from '../storage/store';
import type { NotificationBus } from './events';
import type { Caller, WorkRequestDoc } from './types';
import { studioScopeFilters, translatorOf } from './access';
import type { StatusChange } from '../../src/api/schema/workRequest';
import { emitWorkRequestEvent } from './events';

/** Store filters limiting a work request list to what the caller may see (docs/API.md): canSeeWorkRequest as a query. */
export function visibilityFilters(caller: Caller): Filter[] {
  if (caller.isAdmin) return [];
  if (caller.isCoordinator) return studioScopeFilters(caller);
  if (caller.isTranslator) return [{ field: 'translator', op: 'eq', value: caller.id }];
  return [{ field: 'from', op: 'eq', value: caller.id }];
}

/** The user summary the spec embeds (history entries, comments): id, name, e-mail, groups by id and name. */
export function userSummaryOf(caller: Caller) {
  return {
    _id: caller.id,
    name: caller.user.name ?? '',
    emailNormal: caller.user.emailNormal ?? '',
    groups: caller.groups.map((g) => ({ _id: g._id, name: g.name })),
  };
}

/**
 * Moves a work request to a new status: appends the history entry, sets `status` and `reason`, and emits the
 * event (`wam` for awaiting materials, `wr-status` otherwise), all in one transaction (`tx`'s, joined: the caller
 * reads `found` in it). With `expectedVersion`, a stale version is a 409.
 */
export async function changeStatus(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  found: Stored<WorkRequestDoc>,
  change: StatusChange,
  expectedVersion?: number,
  now = Date.now(),
): Promise<Stored<WorkRequestDoc>> {
  const wr = found.doc;
  const next: WorkRequestDoc = {
    ...wr,
    status: change.status,
    reason: change.reason,
    history: [
      ...(wr.history ?? []),
      { date: Math.floor(now / 1000), user: userSummaryOf(caller), status: change.status, reason: change.reason },
    ],
  };
  return tx.transaction(async (tx) => {
    // Throws VersionConflict when the record moved on since it was read (or since the caller's If-Match).
    const saved = await tx.replace('Workrequests', next, expectedVersion ?? found.version);
    await emitWorkRequestEvent(tx, bus, {
      type: change.status === 'awaiting-materials' ? 'wam' : 'wr-status',
      actor: caller,
      workRequest: saved.doc,
      alsoNotify: change.status === 'awaiting-materials' ? [] : [translatorOf(wr)],
      now,
    });
    return saved;
  });
}
