/**
 * Who sees whom (docs/API.md, "Who sees whom"): which groups a caller reads, and how much of another user's record.
 * The routes of users and groups (routes/users.ts) answer from these rules only.
 */
import type { Doc, Filter, StoreOps, ValueFilter } from '../storage/store';
import type { Caller, GroupDoc, ShareDoc, UserDoc } from './types';
import { canSeeGroup, isDirectoryGroup, isShareRecipient, isStudioScoped } from './access';

/** How much of a user record a caller reads: all of it (less what presentUser keeps to the user and admins), or the name. */
export type UserView = 'full' | 'name';

/** Groups are few: one read of all of them. */
async function allGroups(store: StoreOps): Promise<GroupDoc[]> {
  return (await store.list<GroupDoc>('Groups', { offset: 0, limit: 10_000 })).items;
}

/** The groups the caller reads (canSeeGroup). */
export async function visibleGroups(store: StoreOps, caller: Caller): Promise<GroupDoc[]> {
  return (await allGroups(store)).filter((g) => canSeeGroup(caller, g));
}

/**
 * Store filters keeping a list of users within the caller's directory (`GET /users`: admins and coordinators only;
 * undefined for anyone else, who lists no one).
 */
export async function directoryFilters(store: StoreOps, caller: Caller): Promise<Filter[] | undefined> {
  if (caller.isAdmin) return [];
  if (!caller.isCoordinator) return undefined;
  const directory = (await allGroups(store)).filter((g) => isDirectoryGroup(caller, g));
  return [{ field: 'groups', op: 'contains', value: directory.map((g) => g._id) }];
}

/**
 * The shares that reach the caller (isShareRecipient): named in `to` or one of their groups in `groups`, both
 * indexed as lists of ids; the index finds the candidates, the rule decides.
 */
export async function receivedShares(store: StoreOps, caller: Caller, also: Filter[] = []): Promise<ShareDoc[]> {
  const groups = caller.user.groups ?? [];
  const [named, byGroup] = await Promise.all([
    store.list<ShareDoc>('Shares', {
      filters: [{ field: 'to', op: 'contains', value: [caller.id] }, ...also],
      offset: 0,
      limit: 100_000,
    }),
    groups.length
      ? store.list<ShareDoc>('Shares', {
          filters: [{ field: 'groups', op: 'contains', value: groups }, ...also],
          offset: 0,
          limit: 100_000,
        })
      : { items: [] as ShareDoc[] },
  ]);
  const found = [...named.items, ...byGroup.items].filter((s) => isShareRecipient(caller, s));
  return [...new Map(found.map((s) => [s._id, s])).values()];
}

/** The shares a caller sent or received. */
export async function sharesOf(store: StoreOps, caller: Caller): Promise<ShareDoc[]> {
  const [sent, received] = await Promise.all([
    store.list<ShareDoc>('Shares', {
      filters: [{ field: 'from', op: 'eq', value: caller.id }],
      offset: 0,
      limit: 100_000,
    }),
    receivedShares(store, caller),
  ]);
  return [...new Map([...sent.items, ...received].map((s) => [s._id, s])).values()];
}

/**
 * Whether `target` is in work the caller can see: the requester or translator of a work request the caller can see
 * (canSeeWorkRequest), the author of a comment on one, or the sender or a recipient of a share the caller takes part in.
 */
async function worksWith(store: StoreOps, caller: Caller, target: string): Promise<boolean> {
  // The work requests the caller sees, as store filters (each list one AND; the rule is their union).
  const seen: ValueFilter[][] = isStudioScoped(caller)
    ? [[{ field: 'studio', op: 'in', value: [...caller.studios] }]]
    : [[{ field: 'from', op: 'eq', value: caller.id }], [{ field: 'translator', op: 'eq', value: caller.id }]];
  const involving: ValueFilter[] = [
    { field: 'from', op: 'eq', value: target },
    { field: 'translator', op: 'eq', value: target },
  ];
  for (const visible of seen) {
    for (const role of involving) if ((await store.count('Workrequests', [...visible, role])) > 0) return true;
  }
  for (const visible of seen) {
    const comments = await store.list('Comments', {
      filters: [{ field: 'workRequest', op: 'of', collection: 'Workrequests', filters: visible }],
      offset: 0,
      limit: 100_000,
    });
    if (comments.items.some((c) => authorsOf(c).includes(target))) return true;
  }
  return (await sharesOf(store, caller)).some(
    (s) => s.from?._id === target || (s.to ?? []).some((u) => u._id === target),
  );
}

/** The ids of a comment's author and of its replies' authors. */
function authorsOf(comment: Doc): string[] {
  const idOf = (entry: unknown) => (entry as { user?: { _id?: unknown } } | null)?.user?._id;
  return [idOf(comment), ...(Array.isArray(comment.replies) ? comment.replies.map(idOf) : [])].filter(
    (id): id is string => typeof id === 'string',
  );
}

/**
 * How much of `target` the caller reads, or undefined when nothing (then the user is not revealed to exist: 404).
 * In full: themselves, and, for admins and coordinators, the people of their directory (who `GET /users` lists).
 * By name: the people they work with: a member of one of their groups, or someone in work they can see (worksWith).
 */
export async function userViewOf(store: StoreOps, caller: Caller, target: UserDoc): Promise<UserView | undefined> {
  if (caller.id === target._id || caller.isAdmin) return 'full';
  const theirs = new Set(target.groups ?? []);
  if (isStudioScoped(caller) && (await allGroups(store)).some((g) => theirs.has(g._id) && isDirectoryGroup(caller, g)))
    return 'full';
  if ((caller.user.groups ?? []).some((g) => theirs.has(g))) return 'name';
  return (await worksWith(store, caller, target._id)) ? 'name' : undefined;
}
