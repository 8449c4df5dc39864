/** Who may do what (docs/API.md, "Who may do what"). Pure functions over the Caller. */
import type { Caller, GroupDoc, UserDoc, WorkRequestDoc, ShareDoc } from './types';
import { forbidden } from '../http/errors';

export function makeCaller(user: UserDoc, groups: GroupDoc[]): Caller {
  const types = new Set(groups.map((g) => g.type));
  const studios = new Set(groups.filter((g) => g.type === 'coordinator' || g.type === 'admin').flatMap((g) => g.studios ?? []));
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

/** Who sees a work request: admins and coordinators all, others the ones they requested or translate. */
export function canSeeWorkRequest(c: Caller, wr: WorkRequestDoc): boolean {
  if (c.isAdmin || c.isCoordinator) return true;
  return wr.from?._id === c.id || translatorOf(wr) === c.id;
}

export function canChangeWorkRequestStatus(c: Caller): boolean {
  return c.isAdmin || c.isCoordinator;
}

export function isShareParticipant(c: Caller, share: ShareDoc): boolean {
  return share.from?._id === c.id || (share.to ?? []).some((u) => u._id === c.id);
}

export function canEditShare(c: Caller, share: ShareDoc): boolean {
  return c.isAdmin || share.from?._id === c.id;
}

/** The access strings of an asset's `$permissions` for this caller. */
export function assetAccess(c: Caller): string[] {
  if (c.isAdmin) return ['view', 'edit', 'download', 'request', 'share', 'autosub', 'ingest'];
  if (c.isCoordinator) return ['view', 'edit', 'download', 'request', 'share', 'autosub'];
  if (c.isTranslator) return ['view', 'download'];
  return ['view'];
}
