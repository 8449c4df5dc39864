/** Who may do what (docs/API.md, "Who may do what" and "Studio scope"). Pure functions over the Caller. */
import type { Caller, GroupDoc, UserDoc, WorkRequestDoc, ShareDoc, TranslationDoc } from './types';
import type { Collection, Filter } from '../storage/store';
import { forbidden } from './errors';

export function makeCaller(user: UserDoc, groups: GroupDoc[]): Caller {
  const types = new Set(groups.map((g) => g.type));
  const studios = new Set(
    groups.filter((g) => g.type === 'coordinator' || g.type === 'admin').flatMap((g) => g.studios ?? []),
  );
  return {
    id: user._id,
    user,
    groups,
    isAdmin: types.has('admin'),
    isCoordinator: types.has('coordinator'),
    isTranslator: types.has('translator'),
    studios,
  };
}

/**
 * Studio scope: a coordinator (who is not an admin) reads and writes only the records of the studios of their
 * coordinator groups. Admins see every studio; translators and clients are not limited by studio: their own rules
 * apply (assigned or requested work; of the catalog, what a grant gives them: grants.ts).
 */
export function isStudioScoped(c: Caller): boolean {
  return c.isCoordinator && !c.isAdmin;
}

/** Whether records of this studio are the caller's to coordinate: admins every studio, others their groups'. */
export function inStudioScope(c: Caller, studio: string | undefined): boolean {
  return c.isAdmin || (studio !== undefined && c.studios.has(studio));
}

/** Whether the caller may read a record of this studio (the studio's catalog, assets, files…). */
export function canSeeStudio(c: Caller, studio: string | undefined): boolean {
  return !isStudioScoped(c) || inStudioScope(c, studio);
}

/** Store filters keeping a list of records that carry their studio in `field` within the caller's scope. */
export function studioScopeFilters(c: Caller, field = 'studio'): Filter[] {
  return isStudioScoped(c) ? [{ field, op: 'in', value: [...c.studios] }] : [];
}

/**
 * Store filters keeping a list of records that point at a record of `parent` (whose indexed `studio` says where it
 * belongs) in `field` within the caller's scope: e.g. the previews of assets in the caller's studios.
 */
export function parentScopeFilters(c: Caller, field: string, parent: Collection): Filter[] {
  return isStudioScoped(c)
    ? [{ field, op: 'of', collection: parent, filters: [{ field: 'studio', op: 'in', value: [...c.studios] }] }]
    : [];
}

/**
 * The groups whose members a caller reads in full (their directory: docs/API.md, "Who sees whom"): every group for an admin; for a coordinator the
 * groups that share a studio with them; for anyone else none.
 */
export function isDirectoryGroup(caller: Caller, group: GroupDoc): boolean {
  return caller.isAdmin || (isStudioScoped(caller) && (group.studios ?? []).some((s) => caller.studios.has(s)));
}

/**
 * Whether the caller reads a group with its members (`GET /groups`, and a group a user record shows): admins every
 * group; others the groups they belong to and, for a coordinator, the groups of their studios.
 */
export function canSeeGroup(caller: Caller, group: GroupDoc): boolean {
  return isDirectoryGroup(caller, group) || (caller.user.groups ?? []).includes(group._id);
}

/** Admins and coordinators edit the catalog. */
export function canEditCatalog(c: Caller): boolean {
  return c.isAdmin || c.isCoordinator;
}

export function requireCatalogEditor(c: Caller): void {
  if (!canEditCatalog(c)) throw forbidden('only admins and coordinators change the catalog');
}

export function requireAdmin(c: Caller, what = 'only admins may do this'): void {
  if (!c.isAdmin) throw forbidden(what);
}

/** The translator of a work request's translation, from the summary the work request keeps of it. */
export function translatorOf(wr: WorkRequestDoc): string | undefined {
  return wr.translationSummary?.translator?._id;
}

/**
 * Who sees a work request: admins all, coordinators those of their studios, others the ones they requested or
 * translate. The strongest role decides (a coordinator who also translates sees their studios' work requests):
 * `visibilityFilters` (workRequests.ts) is the same rule as a list query.
 */
export function canSeeWorkRequest(c: Caller, wr: WorkRequestDoc): boolean {
  if (c.isAdmin) return true;
  if (c.isCoordinator) return inStudioScope(c, wr.studio);
  return wr.from?._id === c.id || translatorOf(wr) === c.id;
}

/**
 * Who sees a translation, given the studio of its asset: admins all, coordinators those of their studios,
 * translators their own; a transcription (no work request: an asset's original-language text) outside studio scope
 * as far as grants allow (routes/scope.ts, canReadTranslation: whoever may watch the asset's previews).
 */
export function canSeeTranslation(c: Caller, t: TranslationDoc, studio: string | undefined): boolean {
  if (c.isAdmin) return true;
  if (c.isCoordinator) return inStudioScope(c, studio);
  return t.translator?._id === c.id || !t.workRequest;
}

/** Whether the share reaches the caller: named in its `to`, or one of their groups in its `groups` (group ids). */
export function isShareRecipient(c: Caller, share: ShareDoc): boolean {
  if ((share.to ?? []).some((u) => u._id === c.id)) return true;
  const mine = new Set(c.user.groups ?? []);
  return (share.groups ?? []).some((g) => {
    const id: unknown = typeof g === 'string' ? g : (g as { _id?: unknown } | null)?._id;
    return typeof id === 'string' && mine.has(id);
  });
}

export function isShareParticipant(c: Caller, share: ShareDoc): boolean {
  return share.from?._id === c.id || isShareRecipient(c, share);
}

export function canEditShare(c: Caller, share: ShareDoc): boolean {
  return c.isAdmin || share.from?._id === c.id;
}
