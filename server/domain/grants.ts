/**
 * Who sees what: grants (docs/API.md, "Who sees what: grants"; docs/decisions/140-grants-decide-reads.md). The one
 * model of what a caller may read of the catalog (projects, studios, assets, previews, files) and do with it:
 *
 * - Studio staff: admins everything (`kind: 'all'`), coordinators their studios (`kind: 'studios'`, studio scope:
 *   access.ts), whatever else they are.
 * - Everyone else (`kind: 'granted'`): exactly the assets a grant gives them, each with its effective grant
 *   (AssetGrant): previews (none / watermarked / clean), download and the files it reaches, the Permission flags and
 *   sources. A grant is
 *   - a Permission that applies to them: one of an approved share they receive (named in its `to`, or one of their
 *     groups in its `groups`) whose `user` is them or is unset (then it is for every recipient), inline in the share
 *     or in the `Permissions` collection; or a Permission outside any share whose `user` is them and whose own
 *     `approved` is true. A share not approved (awaiting approval) grants nothing yet. It reaches its `assets` (of
 *     its `project` when it names one), else every asset of its `project` narrowed by `types` and `tags`;
 *   - their work: a translator the assets of the work requests assigned to them, a requester those of the work
 *     requests they requested: view and watermarked previews (to translate, to review), no files.
 *   Projects and studios are visible as far as a visible asset or a project-wide Permission makes them.
 *
 * A caller's grants are computed once and kept while the collections they are read from keep their generations
 * (GRANT_COLLECTIONS): routes ask `grantsOf` per request and turn them into store filters (`assetFilters`, …), so
 * lists are filtered in the query and their totals count only what the caller may see.
 */
import type { Caller, GroupDoc, ShareDoc, UserDoc, WorkRequestDoc } from './types';
import type { Collection, Doc, Filter, Generations, Store, StoreOps } from '../storage/store';
import { noteCollectionsRead, noteValidUntil } from '../storage/readTracking';
import { ACCESS_FLAGS, sameLanguage, type AccessFlag } from '../../src/api/schema/permission';
import { isStudioScoped, makeCaller, parentScopeFilters, studioScopeFilters } from './access';
import { receivedShares } from './directory';
import { narrowsPreviews, reachedPreviews } from './previewSources';

/** How a viewer may watch an asset's previews: not at all, watermarked with who they are, or clean. */
export type PreviewMode = 'none' | 'watermarked' | 'clean';
const PREVIEW_RANK: Record<PreviewMode, number> = { none: 0, watermarked: 1, clean: 2 };

/** One of a Permission's `sources` (download, previews, requests, social): which versions it reaches. */
export interface SourceScope {
  /** Original-version files (isOriginalVersion). */
  ov: boolean;
  countries: readonly string[];
  languages: readonly string[];
}

/** Why the caller holds a grant on an asset. */
export type GrantBasis = 'permission' | 'translating' | 'requested';

/** What a caller may do with one asset: the union of every grant of theirs that reaches it. */
export interface AssetGrant {
  asset: string;
  project: string | undefined;
  studio: string | undefined;
  previews: PreviewMode;
  /** `access.download` of a Permission that reaches the asset. */
  download: boolean;
  /** The asset's files the caller may read and download (those matching such a Permission's `sources.download`). */
  files: ReadonlySet<string> | 'all';
  /** The Permission `access` flags that are true in any grant reaching the asset. */
  flags: ReadonlySet<AccessFlag>;
  /** The asset's previews the caller may watch (those a grant's `sources.previews` reaches: previewSources.ts). */
  previewIds: ReadonlySet<string> | 'all';
  /** The `sources` of the Permissions reaching the asset, per kind. */
  sources: Readonly<Record<'download' | 'previews' | 'requests', readonly SourceScope[]>>;
  basis: ReadonlySet<GrantBasis>;
}

/** A project the caller sees: through a visible asset, or a project-wide Permission (`wide`, with its flags). */
export interface ProjectGrant {
  project: string;
  studio: string | undefined;
  wide: boolean;
  flags: ReadonlySet<AccessFlag>;
}

export type Grants =
  | { kind: 'all' }
  | { kind: 'studios'; studios: ReadonlySet<string> }
  | {
      kind: 'granted';
      assets: ReadonlyMap<string, AssetGrant>;
      projects: ReadonlyMap<string, ProjectGrant>;
      studios: ReadonlySet<string>;
      /** Epoch seconds at which a share these grants come from ends (then they are computed again), if any does. */
      validUntil?: number;
    };

/** What staff hold on an asset in their scope: everything. */
function staffGrant(asset: Doc): AssetGrant {
  return {
    asset: asset._id,
    project: stringOf(asset.project),
    studio: stringOf(asset.studio),
    previews: 'clean',
    download: true,
    files: 'all',
    previewIds: 'all',
    flags: new Set(ACCESS_FLAGS),
    sources: { download: [], previews: [], requests: [] },
    basis: new Set(),
  };
}

/** The collections grants are read from: a write to any of them may change someone's grants. */
export const GRANT_COLLECTIONS: readonly Collection[] = [
  'Users',
  'Groups',
  'Shares',
  'Permissions',
  'Workrequests',
  'Assets',
  'Files',
  'Projects',
  'Previews',
];

// ---------------------------------------------------------------------------------------------- the questions

/** The caller's effective grant on an asset (staff: everything within their scope), or undefined: not readable. */
export function assetGrant(grants: Grants, asset: Doc): AssetGrant | undefined {
  if (grants.kind === 'all') return staffGrant(asset);
  if (grants.kind === 'studios')
    return grants.studios.has(stringOf(asset.studio) ?? '') ? staffGrant(asset) : undefined;
  return grants.assets.get(asset._id);
}

/** How the caller may watch this asset's previews ('none' when they may not read it at all). */
export function previewModeOf(grants: Grants, asset: Doc): PreviewMode {
  return assetGrant(grants, asset)?.previews ?? 'none';
}

/** Whether the caller holds this Permission flag on the asset (staff: within their scope, every flag). */
export function holdsFlag(grants: Grants, asset: Doc, flag: AccessFlag): boolean {
  return assetGrant(grants, asset)?.flags.has(flag) ?? false;
}

/** Whether the caller holds this Permission flag on the project as a whole (a project-wide Permission; staff: scope). */
export function holdsProjectFlag(grants: Grants, project: Doc, flag: AccessFlag): boolean {
  if (grants.kind !== 'granted') return canReadProject(grants, project);
  return grants.projects.get(project._id)?.flags.has(flag) ?? false;
}

export function canReadProject(grants: Grants, project: Doc): boolean {
  if (grants.kind === 'all') return true;
  if (grants.kind === 'studios') return grants.studios.has(stringOf(project.studio) ?? '');
  return grants.projects.has(project._id);
}

export function canReadStudio(grants: Grants, studio: string): boolean {
  return grants.kind === 'all' || grants.studios.has(studio);
}

/**
 * Whether the caller reads a file record (and its link): staff within their scope (decided by studio scope:
 * routes/scope.ts); others a file a grant's download reaches, or a file of no asset (a project's or studio's logo)
 * of a project or studio they see.
 */
export function canReadFile(grants: Grants, file: Doc): boolean {
  if (grants.kind !== 'granted') return true;
  const asset = stringOf(file.asset);
  if (asset) {
    const files = grants.assets.get(asset)?.files;
    return files === 'all' || (files?.has(file._id) ?? false);
  }
  const project = stringOf(file.project);
  if (project) return grants.projects.has(project);
  const studio = stringOf(file.studio);
  return studio !== undefined && grants.studios.has(studio);
}

/** Whether the caller reads a preview record (and its link): staff within scope; others with previews not `none`. */
export function canReadPreview(grants: Grants, preview: Doc): boolean {
  if (grants.kind !== 'granted') return true;
  const grant = grants.assets.get(stringOf(preview.asset) ?? '');
  if (!grant || grant.previews === 'none') return false;
  return grant.previewIds === 'all' || grant.previewIds.has(preview._id);
}

/** An asset's embedded preview summaries as the caller may see them: those of previews they may watch. */
export function watchableSummaries(grants: Grants, asset: Doc): unknown[] {
  const grant = assetGrant(grants, asset);
  const summaries = Array.isArray(asset.previews) ? (asset.previews as { _id?: unknown }[]) : [];
  if (!grant || grant.previews === 'none') return [];
  const ids = grant.previewIds;
  return ids === 'all' ? summaries : summaries.filter((p) => typeof p._id === 'string' && ids.has(p._id));
}

// ---------------------------------------------------------------------------------------------- as store filters

/** Keeps a list of assets to those the caller may read. */
export function assetFilters(caller: Caller, grants: Grants): Filter[] {
  if (grants.kind !== 'granted') return studioScopeFilters(caller);
  return [{ field: '_id', op: 'in', value: [...grants.assets.keys()] }];
}

/** Keeps a list of projects to those the caller may read. */
export function projectFilters(caller: Caller, grants: Grants): Filter[] {
  if (grants.kind !== 'granted') return studioScopeFilters(caller);
  return [{ field: '_id', op: 'in', value: [...grants.projects.keys()] }];
}

/** Keeps a list of studios to those the caller may read. */
export function studioFilters(caller: Caller, grants: Grants): Filter[] {
  if (grants.kind !== 'granted') return studioScopeFilters(caller, '_id');
  return [{ field: '_id', op: 'in', value: [...grants.studios] }];
}

/** Keeps a list of previews to those the caller may watch (of assets they may watch, reached by its sources). */
export function previewFilters(caller: Caller, grants: Grants): Filter[] {
  if (grants.kind !== 'granted') return parentScopeFilters(caller, 'asset', 'Assets');
  const ids = [...grants.assets.values()].flatMap((g) =>
    g.previews === 'none' || g.previewIds === 'all' ? [] : [...g.previewIds],
  );
  return [{ field: '_id', op: 'in', value: ids }];
}

/** Keeps a list of an asset's files to those the caller may read and download. */
export function fileFilters(caller: Caller, grants: Grants): Filter[] {
  if (grants.kind !== 'granted') return parentScopeFilters(caller, 'asset', 'Assets');
  const ids = [...grants.assets.values()].flatMap((g) => (g.files === 'all' ? [] : [...g.files]));
  return [{ field: '_id', op: 'in', value: ids }];
}

// ---------------------------------------------------------------------------------------------- sources

/** Language tags that name no language: a file in none of them is an original version (`ov`). */
const NO_LANGUAGE = new Set(['', 'und', 'zxx']);

/**
 * An original-version file: one that is not a localised version (no language: masters, textless, artwork; or tagged
 * `ov`). Permissions reach these through `ov`, and localised files through their `languages` and `countries`.
 */
export function isOriginalVersion(file: Doc): boolean {
  const language = typeof file.language === 'string' ? file.language.trim().toLowerCase() : '';
  return NO_LANGUAGE.has(language) || (Array.isArray(file.tags) && file.tags.includes('ov'));
}

/**
 * Whether a source scope reaches a file: an original version when `ov`; a localised file when its language is one
 * of `languages` and (when `countries` lists any and the file has a country) its country one of `countries`.
 * Empty lists reach no localised file: a scope names what it gives.
 */
export function sourceReaches(scope: SourceScope | undefined, file: Doc): boolean {
  if (!scope) return false;
  if (isOriginalVersion(file)) return scope.ov;
  const language = typeof file.language === 'string' ? file.language.trim() : '';
  if (!scope.languages.some((l) => sameLanguage(l, language))) return false;
  const country = typeof file.country === 'string' ? file.country.trim().toUpperCase() : '';
  return scope.countries.length === 0 || country === '' || scope.countries.some((c) => c.toUpperCase() === country);
}

// ---------------------------------------------------------------------------------------------- computing

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const id = (value as { _id?: unknown } | null | undefined)?._id;
  return typeof id === 'string' ? id : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A Permission as stored (inline in a share, or a record): read defensively, every field may be absent. */
interface PermissionLike {
  _id?: string;
  user?: string;
  share?: string;
  approved?: boolean;
  project?: string;
  assets?: unknown;
  types?: unknown;
  tags?: unknown;
  access?: Record<string, unknown>;
  sources?: Record<string, unknown>;
  /** For a share's Permission: whether its sender may still share this asset (senderRights). */
  senderMay?: (asset: Doc) => boolean;
}

function scopeOf(value: unknown): SourceScope | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const s = value as { ov?: unknown; countries?: unknown; languages?: unknown };
  return { ov: s.ov === true, countries: strings(s.countries), languages: strings(s.languages) };
}

function previewModeOfPermission(p: PermissionLike): PreviewMode {
  const mode = p.access?.previews;
  return mode === 'clean' || mode === 'watermarked' ? mode : 'none';
}

/** Whether an asset is among those a project-wide Permission's `types` and `tags` select. */
function selects(p: PermissionLike, asset: Doc): boolean {
  const types = strings(p.types);
  if (types.length > 0 && !types.includes(String(asset.type))) return false;
  const tagSets = Array.isArray(p.tags) ? p.tags.map(strings).filter((t) => t.length > 0) : [];
  if (tagSets.length === 0) return true;
  // The asset's words: its own tags, type and media type; some one list of the Permission's must be all of them.
  const words = new Set([...strings(asset.tags), String(asset.type), String(asset.mediaType)]);
  return tagSets.some((set) => set.every((t) => words.has(t)));
}

const ALL = 1_000_000;
/** Fields of an asset the grants never read (the large ones). */
const ASSET_OMIT = ['previews', 'usage', 'transcription'];

interface Building {
  previews: PreviewMode;
  download: boolean;
  files: Set<string>;
  flags: Set<AccessFlag>;
  sources: Record<'download' | 'previews' | 'requests', SourceScope[]>;
  basis: Set<GrantBasis>;
  /** Permissions granting download here: their `sources.download`, to match the asset's files. */
  downloadScopes: (SourceScope | undefined)[];
  /** Permissions granting previews here with a narrowing `sources.previews`, or `all` (one that does not narrow). */
  previewReach: SourceScope[] | 'all';
}

/** How deep a chain of forwarded shares is followed to check each sender's right (a longer chain grants nothing). */
const MAX_FORWARDS = 4;

/**
 * Whether each share's sender may still share what it names, checked when the share is read (docs/API.md "Ordering
 * and sharing on a grant"): admins everything, coordinators their studios' assets, anyone else the assets their own
 * grants (computed now, following the chain of shares that reached them) hold `sharing` on. A sender who lost the
 * right (moved out of the studio, their share ended or was changed) no longer grants through what they forwarded.
 * Answers, per share id, the rule and the earliest end of a share the sender's right depends on.
 */
async function senderRights(
  store: StoreOps,
  shares: readonly ShareDoc[],
  nowSeconds: number,
  chain: ReadonlySet<string>,
): Promise<{ may: Map<string, (asset: Doc) => boolean>; validUntil: number | undefined }> {
  const senders = [...new Set(shares.map((s) => s.from?._id).filter((id): id is string => typeof id === 'string'))];
  const users = new Map((await store.getMany<UserDoc>('Users', senders)).map((u) => [u.doc._id, u.doc]));
  const groupIds = [...new Set([...users.values()].flatMap((u) => u.groups ?? []))];
  const groups = new Map((await store.getMany<GroupDoc>('Groups', groupIds)).map((g) => [g.doc._id, g.doc]));
  const bySender = new Map<string, (asset: Doc) => boolean>();
  let validUntil: number | undefined;
  for (const id of senders) {
    const user = users.get(id);
    if (!user || user.status?.approved === false) {
      bySender.set(id, () => false);
      continue;
    }
    const sender = makeCaller(
      user,
      (user.groups ?? []).map((g) => groups.get(g)).filter((g): g is GroupDoc => !!g),
    );
    const staff = staffGrants(sender);
    if (staff) {
      bySender.set(id, (asset) => assetGrant(staff, asset) !== undefined);
    } else if (chain.has(id) || chain.size >= MAX_FORWARDS) {
      bySender.set(id, () => false);
    } else {
      const theirs = await computeGrants(sender, store, nowSeconds, new Set([...chain, id]));
      if (theirs.kind === 'granted' && theirs.validUntil !== undefined)
        validUntil = Math.min(validUntil ?? Infinity, theirs.validUntil);
      bySender.set(id, (asset) => holdsFlag(theirs, asset, 'sharing'));
    }
  }
  const may = new Map<string, (asset: Doc) => boolean>();
  for (const s of shares) may.set(s._id, bySender.get(s.from?._id ?? '') ?? (() => false));
  return { may, validUntil };
}

/**
 * The Permissions that apply to the caller (see the module's comment), each once, from the shares active at
 * `nowSeconds` (their end compared in the query), and when the first of those shares ends.
 */
async function applyingPermissions(
  caller: Caller,
  store: StoreOps,
  nowSeconds: number,
  chain: ReadonlySet<string>,
): Promise<{ permissions: PermissionLike[]; validUntil: number | undefined }> {
  const [received, own] = await Promise.all([
    receivedShares(store, caller, [{ field: 'expires', op: 'gt', value: nowSeconds }]),
    store.list<Doc & PermissionLike>('Permissions', {
      filters: [{ field: 'user', op: 'eq', value: caller.id }],
      offset: 0,
      limit: ALL,
    }),
  ]);
  // The approved shares among those the caller receives.
  const shares = new Map(received.filter((s) => s.approved === true).map((s) => [s._id, s]));
  const stored = shares.size
    ? await store.list<Doc & PermissionLike>('Permissions', {
        filters: [{ field: 'share', op: 'in', value: [...shares.keys()] }],
        offset: 0,
        limit: ALL,
      })
    : { items: [] };
  const rights = await senderRights(store, [...shares.values()], nowSeconds, new Set([...chain, caller.id]));
  const ends = [...shares.values()].map((s) => s.expires).filter((e): e is number => typeof e === 'number');
  const validUntil = Math.min(rights.validUntil ?? Infinity, ...ends);
  const forMe = (p: PermissionLike) => p.user === caller.id || !p.user;
  const out = new Map<string, PermissionLike>();
  const add = (p: PermissionLike, key: string) => {
    if (!out.has(key)) out.set(key, p);
  };
  for (const s of shares.values()) {
    for (const [i, p] of ((s.permissions ?? []) as PermissionLike[]).entries()) {
      if (forMe(p)) add({ ...p, share: s._id, senderMay: rights.may.get(s._id) }, p._id ?? `${s._id}#${i}`);
    }
  }
  for (const p of [...stored.items, ...own.items]) {
    if (p.share) {
      if (shares.has(p.share) && forMe(p)) add({ ...p, senderMay: rights.may.get(p.share) }, p._id);
    } else if (p.user === caller.id && p.approved === true) {
      add(p, p._id);
    }
  }
  return { permissions: [...out.values()], validUntil: Number.isFinite(validUntil) ? validUntil : undefined };
}

/** Computes the grants of a caller who is not staff (no cache: `grantsOf` keeps them). */
async function computeGrants(
  caller: Caller,
  store: StoreOps,
  nowSeconds = Math.floor(Date.now() / 1000),
  chain: ReadonlySet<string> = new Set(),
): Promise<Grants & { kind: 'granted' }> {
  const { permissions, validUntil } = await applyingPermissions(caller, store, nowSeconds, chain);
  const [translating, requested] = await Promise.all([
    store.list<WorkRequestDoc>('Workrequests', {
      filters: [{ field: 'translator', op: 'eq', value: caller.id }],
      offset: 0,
      limit: ALL,
    }),
    store.list<WorkRequestDoc>('Workrequests', {
      filters: [{ field: 'from', op: 'eq', value: caller.id }],
      offset: 0,
      limit: ALL,
    }),
  ]);

  // The assets each Permission reaches.
  const named = permissions.flatMap((p) => strings(p.assets));
  const wideProjects = [
    ...new Set(permissions.filter((p) => strings(p.assets).length === 0 && p.project).map((p) => p.project!)),
  ];
  const workAssets = [...translating.items, ...requested.items]
    .map((w) => w.asset?._id)
    .filter((id) => !!id) as string[];
  const [namedAssets, projectAssets] = await Promise.all([
    store.getMany('Assets', [...new Set([...named, ...workAssets])], { omit: ASSET_OMIT }),
    wideProjects.length
      ? store.list('Assets', {
          filters: [{ field: 'project', op: 'in', value: wideProjects }],
          offset: 0,
          limit: ALL,
          omit: ASSET_OMIT,
        })
      : { items: [] as Doc[] },
  ]);
  const assets = new Map<string, Doc>([...namedAssets.map((a) => [a.doc._id, a.doc] as const)]);
  for (const a of projectAssets.items) assets.set(a._id, a);

  const building = new Map<string, Building>();
  const entry = (id: string): Building => {
    let b = building.get(id);
    if (!b) {
      b = {
        previews: 'none',
        download: false,
        files: new Set(),
        flags: new Set(),
        sources: { download: [], previews: [], requests: [] },
        basis: new Set(),
        downloadScopes: [],
        previewReach: [],
      };
      building.set(id, b);
    }
    return b;
  };
  const projectFlags = new Map<string, Set<AccessFlag>>();

  for (const p of permissions) {
    const listed = strings(p.assets);
    const reached = (
      listed.length
        ? listed.map((id) => assets.get(id)).filter((a): a is Doc => !!a && (!p.project || a.project === p.project))
        : projectAssets.items.filter((a) => a.project === p.project && selects(p, a))
    ).filter((a) => p.senderMay?.(a) ?? true);
    const flags = ACCESS_FLAGS.filter((f) => p.access?.[f] === true);
    if (!listed.length && p.project) {
      const set = projectFlags.get(p.project) ?? new Set<AccessFlag>();
      for (const f of flags) set.add(f);
      projectFlags.set(p.project, set);
    }
    const mode = previewModeOfPermission(p);
    const sources = {
      download: scopeOf(p.sources?.download),
      previews: scopeOf(p.sources?.previews),
      requests: scopeOf(p.sources?.requests),
    };
    for (const a of reached) {
      const b = entry(a._id);
      b.basis.add('permission');
      if (PREVIEW_RANK[mode] > PREVIEW_RANK[b.previews]) b.previews = mode;
      if (mode !== 'none' && b.previewReach !== 'all')
        b.previewReach = narrowsPreviews(sources.previews) ? [...b.previewReach, sources.previews] : 'all';
      for (const f of flags) b.flags.add(f);
      // A source counts where its right does: download with `download`, requests with `requests`, previews unless `none`.
      const rights = {
        download: p.access?.download === true,
        previews: mode !== 'none',
        requests: flags.includes('requests'),
      };
      for (const kind of ['download', 'previews', 'requests'] as const) {
        const s = sources[kind];
        if (s && rights[kind]) b.sources[kind].push(s);
      }
      if (p.access?.download === true) {
        b.download = true;
        b.downloadScopes.push(sources.download);
      }
    }
  }
  for (const [list, basis] of [
    [translating.items, 'translating'],
    [requested.items, 'requested'],
  ] as const) {
    for (const w of list) {
      const id = w.asset?._id;
      if (!id || !assets.has(id)) continue;
      const b = entry(id);
      b.basis.add(basis);
      if (PREVIEW_RANK[b.previews] < PREVIEW_RANK.watermarked) b.previews = 'watermarked';
      b.previewReach = 'all'; // their work: every preview of the asset
      // A requester may order more work on what they ordered (docs/API.md, "Who sees what: grants").
      if (basis === 'requested') b.flags.add('requests');
    }
  }

  // The files a download reaches: each file of those assets against the scopes of the Permissions granting it.
  const downloadable = [...building.entries()].filter(([, b]) => b.download).map(([id]) => id);
  if (downloadable.length) {
    const files = await store.list('Files', {
      filters: [{ field: 'asset', op: 'in', value: downloadable }],
      offset: 0,
      limit: ALL,
    });
    for (const f of files.items) {
      const b = building.get(String(f.asset));
      if (b?.downloadScopes.some((s) => sourceReaches(s, f))) b.files.add(f._id);
    }
  }

  // The previews each watchable asset's grants reach (previewSources.ts).
  const previewIds = await reachedPreviews(
    store,
    new Map([...building].filter(([, b]) => b.previews !== 'none').map(([id, b]) => [id, b.previewReach])),
  );

  const grantsByAsset = new Map<string, AssetGrant>();
  const projects = new Map<string, ProjectGrant>();
  const studios = new Set<string>();
  for (const [id, b] of building) {
    const a = assets.get(id)!;
    const project = stringOf(a.project);
    const studio = stringOf(a.studio);
    const { downloadScopes: _scopes, previewReach: _reach, ...grant } = b;
    grantsByAsset.set(id, { asset: id, project, studio, ...grant, previewIds: previewIds.get(id) ?? new Set() });
    if (project && !projects.has(project)) projects.set(project, { project, studio, wide: false, flags: new Set() });
    if (studio) studios.add(studio);
  }
  // Project-wide Permissions show their project even before it has an asset they select.
  const wide = wideProjects.length ? await store.getMany('Projects', wideProjects) : [];
  for (const { doc } of wide) {
    const studio = stringOf(doc.studio);
    projects.set(doc._id, { project: doc._id, studio, wide: true, flags: projectFlags.get(doc._id) ?? new Set() });
    if (studio) studios.add(studio);
  }
  return { kind: 'granted', assets: grantsByAsset, projects, studios, validUntil };
}

// ---------------------------------------------------------------------------------------------- the cache

/** Whether a share the grants come from has ended since they were computed. */
async function endedSince(grants: Promise<Grants & { kind: 'granted' }>): Promise<boolean> {
  const until = await grants.catch(() => undefined).then((g) => g?.validUntil);
  return until !== undefined && Date.now() / 1000 >= until;
}

/**
 * The caller's grants as a transaction reads them (no cache): for a write that decides on them inside its own
 * transaction (a share's assets: grantedActions.ts), where the store itself may not be called.
 */
export function grantsWithin(caller: Caller, tx: StoreOps): Promise<Grants> {
  const staff = staffGrants(caller);
  return staff ? Promise.resolve(staff) : computeGrants(caller, tx);
}

/** Staff's grants, by role (no reads): admins everything, coordinators their studios; undefined for anyone else. */
function staffGrants(caller: Caller): Grants | undefined {
  if (caller.isAdmin) return { kind: 'all' };
  if (isStudioScoped(caller)) return { kind: 'studios', studios: caller.studios };
  return undefined;
}

interface CacheEntry {
  stamp: string;
  grants: Promise<Grants & { kind: 'granted' }>;
}
/** Callers whose grants are kept, per store (the least recently used go first). */
const GRANT_CACHE_MAX = 1000;
const caches = new WeakMap<object, Map<string, CacheEntry>>();

function stampOf(generations: Generations): string {
  return GRANT_COLLECTIONS.map((c) => generations[c]).join(' ');
}

/**
 * The caller's grants. Staff answer at once; anyone else's are computed once and kept (per store and caller) while
 * GRANT_COLLECTIONS keep their generations (`generations`: the request's, http/generation.ts, else asked here). A
 * kept answer notes those collections as read, so a response cached from it is voided with it.
 */
export async function grantsOf(
  caller: Caller,
  store: Pick<Store, 'generations'> & StoreOps,
  generations?: Promise<Generations>,
): Promise<Grants> {
  const staff = staffGrants(caller);
  if (staff) return staff;
  const stamp = stampOf(await (generations ?? store.generations()));
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map<string, CacheEntry>()));
  const hit = cache.get(caller.id);
  // Kept while the collections are unchanged and no share they come from has ended since (a share's end is a time,
  // not a write: every instance compares it with its clock).
  if (hit && hit.stamp === stamp && !(await endedSince(hit.grants))) {
    cache.delete(caller.id);
    cache.set(caller.id, hit);
    noteCollectionsRead(GRANT_COLLECTIONS);
    return noteEnd(hit.grants);
  }
  const grants = computeGrants(caller, store);
  cache.set(caller.id, { stamp, grants });
  grants.catch(() => cache.get(caller.id)?.grants === grants && cache.delete(caller.id));
  while (cache.size > GRANT_CACHE_MAX) cache.delete(cache.keys().next().value!);
  return noteEnd(grants);
}

/** Notes, for a cached answer made from these grants, that it holds only until the first of their shares ends. */
async function noteEnd(grants: Promise<Grants & { kind: 'granted' }>): Promise<Grants> {
  const g = await grants;
  if (g.validUntil !== undefined) noteValidUntil(g.validUntil * 1000);
  return g;
}
