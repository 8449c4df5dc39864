/**
 * What someone who is not studio staff may DO with the assets their grants reach (docs/API.md, "Who sees what:
 * grants", "Ordering and sharing on a grant"; docs/decisions/164-acting-on-a-grant.md): order work on them (the
 * `requests` flag, in the languages of its `sources.requests`) and share them onward (the `sharing` flag, never
 * giving more than they hold). Staff are decided elsewhere, by role and studio scope (access.ts, scope.ts): every
 * check here passes them.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Doc, StoreOps } from '../storage/store';
import type { Caller, ShareDoc } from './types';
import { ACCESS_FLAGS, sameLanguage, type AccessFlag } from '../../src/api/schema/permission';
import { stripComputed } from '../../src/api/schema/computed';
import { forbidden, notFound } from './errors';
import { assetGrant, sourceReaches, type AssetGrant, type Grants, type PreviewMode } from './grants';

// ------------------------------------------------------------------------------------------------ ordering

/**
 * Whether someone who is not staff places orders at all: anyone a grant's `requests` allows, but translators never
 * (they do the work; docs/API.md "Orders"), unless they are also a requester (a `client` group).
 */
export function ordersAtAll(caller: Caller): boolean {
  return !caller.isTranslator || caller.groups.some((g) => g.type === 'client');
}

/**
 * The asset an order of a caller who is not staff may name: one their grants let them read. Anything else (unknown,
 * another studio's, ungranted) is the same `404 asset not found`, so an order reveals no asset.
 */
export function requireOrderableAsset(grants: Grants, asset: Doc | undefined): void {
  if (grants.kind !== 'granted') return;
  if (!asset || !assetGrant(grants, asset)) throw notFound('asset');
}

/**
 * An order's asset and language against the caller's grant (callers who are not staff): the grant must hold
 * `requests` (`403` otherwise: they read the asset, so saying why reveals nothing new), and when the Permissions
 * granting it name languages in `sources.requests`, the order's language must be one of them.
 */
export function requireGrantedOrder(grants: Grants, asset: Doc, language: string): void {
  if (grants.kind !== 'granted') return;
  const grant = assetGrant(grants, asset);
  if (!grant) throw notFound('asset');
  if (!grant.flags.has('requests'))
    throw forbidden('asset: your access to this asset does not include ordering work (ask the studio)');
  const languages = requestLanguages(grant);
  if (languages && !languages.some((l) => sameLanguage(l, language)))
    throw forbidden(`language: you may order work on this asset only in ${languages.join(', ')}`);
}

/**
 * The languages a grant lets its holder order in: undefined (any) when none of the Permissions granting `requests`
 * names a language (or the grant is their own orders'), else the languages they name.
 */
export function requestLanguages(grant: AssetGrant): string[] | undefined {
  const named = grant.sources.requests.flatMap((s) => s.languages);
  return named.length ? [...new Set(named)] : undefined;
}

// ------------------------------------------------------------------------------------------------ sharing

const PREVIEW_RANK: Record<PreviewMode, number> = { none: 0, watermarked: 1, clean: 2 };

/**
 * Flags of a share's Permission that concern only the share being written (its notes, its votes): a sender may
 * give them whatever they hold. Every other flag reaches beyond the share and is bounded by the sender's grant.
 */
const SHARE_LOCAL_FLAGS: ReadonlySet<AccessFlag> = new Set<AccessFlag>(['notes', 'shareVotingView']);

type SharePermission = NonNullable<ShareDoc['permissions']>[number];

const refusal = (path: string, message: string) => forbidden(`${path}: ${message}`);

/**
 * A share written by someone who is not staff (docs/API.md, "Ordering and sharing on a grant"): every asset it
 * adds must be one they may share (a grant that reaches it holds `sharing`), and every Permission it adds or changes
 * gives no more than the sender holds on each of its assets: previews no stronger, download only of files the
 * sender may download, no flag they lack (but `notes` and `shareVotingView`, which are the share's own), and never
 * a whole project (a Permission must list its assets). `403` naming the first problem; unknown and unreadable
 * assets answer as one they may not share, so a share reveals no asset.
 */
export async function requireShareWithinGrants(
  grants: Grants,
  store: StoreOps,
  next: ShareDoc,
  current: ShareDoc | undefined,
): Promise<void> {
  if (grants.kind !== 'granted') return;
  const before = new Set(listedAssets(current));
  const addedAssets = listedAssets(next).filter((id) => !before.has(id));
  const stored = new Map((current?.permissions ?? []).filter((p) => p._id).map((p) => [p._id!, p]));
  // A recipient added takes the Permissions for every recipient (no `user`) and those naming them: given anew.
  const added = newRecipients(next, current);
  const givenAnew = (p: SharePermission) => (added.anyone && !p.user) || (!!p.user && added.users.has(p.user));
  const changed = (next.permissions ?? [])
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => givenAnew(p) || !(p._id && samePermission(stored.get(p._id), p)));
  const sharable = (id: string) => grants.assets.get(id)?.flags.has('sharing') === true;
  for (const id of addedAssets)
    if (!sharable(id)) throw refusal('assets', `you may share only assets your access lets you share (${id})`);
  const assetIds = [...new Set(changed.flatMap(({ p }) => strings(p.assets)))];
  const files = assetIds.length
    ? (
        await store.list('Files', {
          filters: [{ field: 'asset', op: 'in', value: assetIds }],
          offset: 0,
          limit: 1_000_000,
        })
      ).items
    : [];
  for (const { p, index } of changed) {
    const path = `permissions.${index}`;
    const assets = strings(p.assets);
    if (assets.length === 0)
      throw refusal(`${path}.assets`, 'list the assets to share: a whole project is shared by the studio');
    for (const id of assets) {
      const grant = grants.assets.get(id);
      if (!grant || !sharable(id))
        throw refusal(`${path}.assets`, `you may share only assets your access lets you share (${id})`);
      const problem = exceeds(
        p,
        grant,
        files.filter((f) => f.asset === id),
      );
      if (problem) throw refusal(`${path}.${problem.path}`, `${problem.message} (${id})`);
    }
  }
}

/** Where a Permission gives more than the sender's grant on one asset, or undefined. */
function exceeds(
  p: SharePermission,
  grant: AssetGrant,
  files: readonly Doc[],
): { path: string; message: string } | undefined {
  const access = (p.access ?? {}) as Record<string, unknown>;
  const mode = access.previews === 'clean' || access.previews === 'watermarked' ? access.previews : 'none';
  if (PREVIEW_RANK[mode] > PREVIEW_RANK[grant.previews])
    return { path: 'access.previews', message: `you may give previews at most "${grant.previews}"` };
  for (const flag of ACCESS_FLAGS) {
    if (access[flag] !== true || SHARE_LOCAL_FLAGS.has(flag) || flag === 'download') continue;
    if (!grant.flags.has(flag)) return { path: `access.${flag}`, message: 'you may not give what you do not hold' };
  }
  if (access.download === true) {
    if (!grant.download) return { path: 'access.download', message: 'you may not give download: you do not hold it' };
    const scope = p.sources?.download as { ov?: unknown; languages?: unknown; countries?: unknown } | undefined;
    const reach = {
      ov: scope?.ov === true,
      languages: strings(scope?.languages),
      countries: strings(scope?.countries),
    };
    const beyond = files.find((f) => sourceReaches(reach, f) && grant.files !== 'all' && !grant.files.has(f._id));
    if (beyond)
      return {
        path: 'sources.download',
        message: 'it reaches files you may not download yourself',
      };
  }
  return undefined;
}

/**
 * The recipients a write adds: `users`, the ids named anew in `to`; `anyone`, whether anyone at all was added (a user
 * by id or by e-mail only, or a group), who then takes the Permissions without a `user`.
 */
function newRecipients(next: ShareDoc, current: ShareDoc | undefined): { users: Set<string>; anyone: boolean } {
  const keys = (share: ShareDoc | undefined) =>
    new Set([
      ...(share?.to ?? []).map((u) => (u._id ? `user ${u._id}` : `email ${String(u.emailNormal ?? '')}`)),
      ...(share?.groups ?? []).map((g) => `group ${typeof g === 'string' ? g : String((g as { _id?: unknown })?._id)}`),
    ]);
  const before = keys(current);
  const added = [...keys(next)].filter((k) => !before.has(k));
  return {
    users: new Set(added.filter((k) => k.startsWith('user ')).map((k) => k.slice(5))),
    anyone: added.length > 0,
  };
}

/** A Permission as sent back (with its `$links`, perhaps without its `share`) and as stored: the same grant. */
function samePermission(stored: SharePermission | undefined, sent: SharePermission): boolean {
  const plain = (p: SharePermission) => {
    const { share: _share, ...rest } = stripComputed(p);
    return rest;
  };
  return stored !== undefined && isDeepStrictEqual(plain(stored), plain(sent));
}

/** The ids of the assets a share names: its `assets` and each Permission's `assets`. */
export function listedAssets(share: ShareDoc | undefined): string[] {
  if (!share) return [];
  const listed = (share.assets ?? []).map((a) => a._id);
  const permitted = (share.permissions ?? []).flatMap((p) => strings(p.assets));
  return [...listed, ...permitted].filter((id): id is string => typeof id === 'string');
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
