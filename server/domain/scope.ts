/**
 * Studio scope over stored records (docs/API.md, "Studio scope"): which studio a record belongs to, and the checks
 * reads and writes make with it. The rule itself (who is scoped, which studios are theirs) is access.ts's.
 */
import type { Collection, Doc, StoreOps } from '../storage/store';
import type { Caller } from './types';
import { canSeeStudio, inStudioScope, isStudioScoped } from './access';
import { invalid, forbidden, notFound } from './errors';

/** Fields that place a record in a studio: the studio itself, or a record that belongs to one. */
const REFERENCES = {
  studio: undefined,
  project: 'Projects',
  asset: 'Assets',
  workRequest: 'Workrequests',
} as const satisfies Record<string, Collection | undefined>;
type Reference = keyof typeof REFERENCES;

/**
 * Where each collection's records take their studio from: the first of these fields the record has decides. Lists
 * filter on the same thing (the indexed `studio`, or a join on the referenced record's `studio`).
 */
const STUDIO_FROM: Partial<Record<Collection, readonly Reference[]>> = {
  Workrequests: ['studio'],
  Projects: ['studio'],
  Assets: ['studio'],
  Previews: ['asset', 'studio'],
  Files: ['asset', 'project', 'studio'],
  Translations: ['asset'],
  Comments: ['workRequest'],
  Offlines: ['workRequest'],
};

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const id = (value as { _id?: unknown } | null | undefined)?._id;
  return typeof id === 'string' ? id : undefined;
}

/** The studio a reference field's value points at (a studio id, or the studio of the project, asset, work request). */
export async function studioOfReference(
  store: StoreOps,
  field: Reference,
  value: unknown,
): Promise<string | undefined> {
  const id = idOf(value);
  const collection = REFERENCES[field];
  if (id === undefined || collection === undefined) return id;
  const studio = /^[0-9a-f]{24}$/.test(id) ? (await store.get(collection, id))?.doc.studio : undefined;
  return typeof studio === 'string' ? studio : undefined;
}

/** The studio of a stored record; undefined when it has none (then only admins and unscoped callers see it). */
export async function studioOf(store: StoreOps, collection: Collection, doc: Doc): Promise<string | undefined> {
  if (collection === 'Studios') return doc._id;
  const field = STUDIO_FROM[collection]?.find((f) => doc[f] !== undefined);
  return field === undefined ? undefined : studioOfReference(store, field, doc[field]);
}

/** Throws 404 when the record is outside the caller's scope (its existence is not revealed). */
export async function requireInScope(
  caller: Caller,
  store: StoreOps,
  collection: Collection,
  doc: Doc,
  what: string,
): Promise<void> {
  if (!canSeeStudio(caller, await studioOf(store, collection, doc))) throw notFound(what);
}

/**
 * Checks the reference fields a write sets (`studio`, `project`, `asset`, `workRequest`) to a value the record did
 * not have: one that is not a record id is a 400 (for everyone); for a scoped caller, one pointing outside their
 * studios is a 403 (as is an unknown id, which cannot be told from another studio's).
 */
export async function requirePlacement(
  caller: Caller,
  store: StoreOps,
  fields: Record<string, unknown>,
  current: Doc | undefined,
): Promise<void> {
  for (const field of Object.keys(REFERENCES) as Reference[]) {
    if (!(field in fields) || (current && idOf(fields[field]) === idOf(current[field]))) continue;
    if (!/^[0-9a-f]{24}$/.test(idOf(fields[field]) ?? ''))
      throw invalid(`${field}: expected the id of a ${field === 'workRequest' ? 'work request' : field}`);
    if (isStudioScoped(caller) && !inStudioScope(caller, await studioOfReference(store, field, fields[field]))) {
      throw forbidden(`${field}: you may only place records in your own studios`);
    }
  }
}

/** Throws 403 unless every asset id is of a studio in the caller's scope (unscoped callers: no limit). */
export async function requireAssetsInScope(caller: Caller, store: StoreOps, assetIds: Iterable<string>): Promise<void> {
  if (!isStudioScoped(caller)) return;
  const ids = [...new Set(assetIds)];
  const assets = new Map((await store.getMany('Assets', ids)).map((a) => [a.doc._id, a.doc.studio]));
  for (const id of ids) {
    const studio = assets.get(id);
    if (!inStudioScope(caller, typeof studio === 'string' ? studio : undefined)) {
      throw forbidden('assets: you may only share assets of your own studios');
    }
  }
}
