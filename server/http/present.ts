/**
 * Shaping of stored documents into the records the spec shows: `$links`, the computed `$` blocks, embedded
 * objects expanded, secrets dropped, signed paths. One function per collection; routes call these only. Those that
 * read related records (users, work requests, previews) are async and read through `ctx.records`, which makes the
 * reads of a whole page one query per collection (loader.ts): shape a list with `Promise.all`.
 */
import type { Collection, Doc } from '../storage/store';
import type { RecordLoader } from './loader';
import type { Caller, GroupDoc, TranslationDoc, UserDoc, WorkRequestDoc, ShareDoc } from '../domain/types';
import type { LinkSigner } from '../domain/signing';
import type { DownloadedLookup } from './transferLog';
import { canEditShare, canSeeGroup } from '../domain/access';
import { watchableSummaries, type Grants } from '../domain/grants';
import { assetPermissions, projectPermissions } from '../domain/permissionsBlock';
import { workRequestUrls } from '../domain/urls';
import { LINE_FIELDS, type TranslationSummary } from '../domain/translations';
import { expiryOf, isPending, type InvitedUserDoc } from '../domain/invitations';
import { link } from './records';
import { etagOf } from './etag';
import { storedMedia } from '../domain/media';
import { contentLink, offlineLink, previewLink, thumbnailLink, thumbnailRef } from './mediaLinks';
import {
  embargoInForce,
  mayBypassAssetEmbargo,
  mayBypassEmbargo,
  assetEmbargoInForce,
  type EmbargoLookup,
} from '../domain/embargo';
import { embargoBlock } from './embargoLinks';
import { ingestView } from './ingestView';
import { noteValidUntil } from '../storage/readTracking';
import { feedbackBlock, shareState, type FeedbackDoc } from '../domain/shareFeedback';
import { EMBARGO_INTERNAL_FIELDS, requestedBy } from '../domain/embargoNotices';
import type { SynthPicture } from '../domain/watermark/previewMark';

export interface PresentContext {
  origin: string;
  caller: Caller;
  /** Related records, read in batches; one per request (helpers.ts, presentContext). */
  records: RecordLoader;
  signer: LinkSigner;
  /** Invitation lifetime in seconds, for `inviteExpires` (domain/invitations.ts). */
  invitationTtl: number;
  /** Whether the caller has downloaded a file, for `File.$transfer` (http/transferLog.ts). */
  downloads: DownloadedLookup;
  /** The caller's grants (domain/grants.ts), asked once per request: `$permissions` are computed from them. */
  grants: () => Promise<Grants>;
  /** Embargo hook: the asset embargoes of a page, read in one query (domain/embargo.ts). */
  embargoes: EmbargoLookup;
  /** A share's recipients' feedback (domain/shareFeedback.ts), read once per share shown. */
  shareFeedback: (shareId: string) => Promise<FeedbackDoc[]>;
  /** The picture the server made for a synthesised preview and how the caller gets it (domain/mediaLibrary.ts). */
  synthPicture: (preview: Doc) => Promise<SynthPicture>;
}

type Rec = Record<string, unknown>;

function self(ctx: PresentContext, c: Collection, id: string, extra: Rec = {}): Rec {
  const out: Rec = { self: link(ctx.origin, c, id) };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) out[k] = v;
  return out;
}

/** A group; its members' ids only to a caller who reads the group (docs/API.md, "Who sees whom"). */
export function presentGroup(ctx: PresentContext, g: GroupDoc): Rec {
  const out: Rec = { ...g, $links: self(ctx, 'Groups', g._id) };
  if (!canSeeGroup(ctx.caller, g)) delete out.users;
  return out;
}

/** A user as the people they work with read them: the name, nothing else (docs/API.md, "Who sees whom"). */
export function presentUserName(ctx: PresentContext, u: UserDoc): Rec {
  return { _id: u._id, name: u.name, $links: self(ctx, 'Users', u._id) };
}

export async function presentUser(ctx: PresentContext, u: UserDoc): Promise<Rec> {
  const {
    passwordHash: _secret,
    inviteCode,
    inviteExpires: _expires,
    invitedThrough: _through,
    ...rest
  } = u as InvitedUserDoc;
  const out: Rec = { ...rest };
  // The one-time invite code resolves `invite`'s `:code`; only admins (who send invitations) see it, and when it lapses.
  if (ctx.caller.isAdmin && inviteCode && u.status?.registered !== true) {
    out.inviteCode = inviteCode;
    out.inviteExpires = expiryOf(u, ctx.invitationTtl);
  }
  const groups = await Promise.all((u.groups ?? []).map((id) => ctx.records.get<GroupDoc>('Groups', id)));
  out.groups = groups
    .map((g) => g?.doc)
    .filter((g): g is GroupDoc => g !== undefined)
    .map((g) => presentGroup(ctx, g));
  if (u._id !== ctx.caller.id && !ctx.caller.isAdmin) delete out.preferences;
  const territory = u.territory as { _id?: string } | undefined;
  if (territory?._id) out.territory = { ...territory, $links: self(ctx, 'Territories', territory._id) };
  out.$links = self(ctx, 'Users', u._id, { territory: link(ctx.origin, 'Territories', territory?._id) });
  return out;
}

/** A translation; `withLines` false drops lines (list items; `lineCount` / `translatedCount` stay). */
export function presentTranslation(ctx: PresentContext, t: TranslationDoc, withLines = true): Rec {
  const out: Rec = { ...t };
  if (!withLines) for (const f of LINE_FIELDS) delete out[f];
  out.$links = self(ctx, 'Translations', t._id, {
    asset: link(ctx.origin, 'Assets', t.asset),
    workRequest: link(ctx.origin, 'Workrequests', t.workRequest),
  });
  return out;
}

async function embeddedTranslation(
  ctx: PresentContext,
  id: string | undefined,
  withLines: boolean,
  summary: TranslationSummary | undefined,
): Promise<Rec | undefined> {
  if (!id) return undefined;
  if (!withLines && summary?._id === id) return { ...summary, $links: self(ctx, 'Translations', id) };
  const found = await ctx.records.get<TranslationDoc>(
    'Translations',
    id,
    withLines ? undefined : { omit: LINE_FIELDS },
  );
  if (!found) return { _id: id, $links: self(ctx, 'Translations', id) };
  const { asset: _a, workRequest: _w, created: _c, ...embedded } = presentTranslation(ctx, found.doc, withLines);
  // With its lines, the embedded form carries the translation's ETag (extension), so the editor can save with
  // If-Match without reading the translation a second time.
  return withLines ? { ...embedded, $etag: etagOf(id, found.version) } : embedded;
}

export async function presentWorkRequest(ctx: PresentContext, wr: WorkRequestDoc, withLines = true): Promise<Rec> {
  const { translationSummary, graphicsTranslationSummary, ...out }: Rec = { ...wr };
  out.$statuses = wr.status ? [wr.status] : [];
  out.urls = workRequestUrls(wr._id, ctx.origin);
  [out.translation, out.graphicsTranslation] = await Promise.all([
    embeddedTranslation(ctx, wr.translation, withLines, wr.translationSummary),
    embeddedTranslation(ctx, wr.graphicsTranslation, withLines, wr.graphicsTranslationSummary),
  ]);
  if (out.translation === undefined) delete out.translation;
  if (out.graphicsTranslation === undefined) delete out.graphicsTranslation;
  if (wr.project?._id) out.project = { ...wr.project, $links: self(ctx, 'Projects', wr.project._id) };
  if (wr.from?._id) {
    out.from = {
      ...wr.from,
      groups: (wr.from.groups ?? []).map((g) => (g._id ? { ...g, $links: self(ctx, 'Groups', g._id) } : g)),
    };
  }
  const asset = wr.asset;
  const thumb = asset?.thumbnail;
  if (asset && typeof thumb?._id === 'string') {
    out.asset = { ...asset, thumbnail: await embeddedThumbnail(ctx, asset._id, { ...thumb, _id: thumb._id }) };
  }
  out.$links = self(ctx, 'Workrequests', wr._id, {
    project: link(ctx.origin, 'Projects', wr.project?._id),
    asset: link(ctx.origin, 'Assets', wr.asset?._id),
    from: link(ctx.origin, 'Users', wr.from?._id),
    translation: link(ctx.origin, 'Translations', wr.translation),
    graphicsTranslation: link(ctx.origin, 'Translations', wr.graphicsTranslation),
  });
  return out;
}

export function feedbackFor(shareId = '', vote = ''): Rec {
  return { share: shareId, vote, summary: [] };
}

/** `$flags` of assets and files: `unverified`, and `embargoed` while an embargo is in force (domain/embargo.ts). */
function stateFlags(d: Doc, embargoed: boolean): string[] {
  const flags: string[] = [];
  if (d.verified === false) flags.push('unverified');
  if (embargoed) flags.push('embargoed');
  return flags;
}

/** The asset's thumbnail file when an embargo is in force on it (domain/embargo.ts), else undefined. */
async function embargoedThumbnail(ctx: PresentContext, assetId: unknown, thumbnail: unknown): Promise<Doc | undefined> {
  if (typeof assetId !== 'string' || typeof thumbnail !== 'string') return undefined;
  return (await ctx.embargoes.ofAsset(assetId))?.files.find((f) => f._id === thumbnail);
}

/**
 * A work request's embedded thumbnail (the File-like snapshot of its asset's thumbnail, as the order was placed)
 * under the same embargo rule as the file itself (docs/API.md "Embargoes"): while an embargo is in force on the
 * file, the snapshot shows the file's current `embargo` and `$embargo`, and a reader it holds gets no `path`.
 */
async function embeddedThumbnail(ctx: PresentContext, assetId: unknown, thumb: Rec & { _id: string }): Promise<Rec> {
  const base = { ...thumb, $links: self(ctx, 'Files', thumb._id) };
  const held = await embargoedThumbnail(ctx, assetId, thumb._id);
  const embargo = held && embargoInForce(held);
  if (!held || !embargo) return { ...base, path: thumbnailLink(ctx, thumb._id) };
  const locked = !mayBypassEmbargo(ctx.caller, held, await ctx.grants());
  return {
    ...base,
    embargo: held.embargo,
    ...(locked ? {} : { path: thumbnailLink(ctx, thumb._id) }),
    $embargo: embargoBlock(embargo, locked),
  };
}

/**
 * `$thumbnail`: its signed link; none for a reader held by an embargo on the thumbnail file itself (docs/API.md
 * "Embargoes").
 */
function assetThumbnail(ctx: PresentContext, thumbnail: unknown, embargoedThumbnail: Doc | undefined, grants: Grants) {
  if (embargoedThumbnail && !mayBypassEmbargo(ctx.caller, embargoedThumbnail, grants)) return {};
  return thumbnailRef(ctx, thumbnail);
}

/**
 * An asset with the caller's `$permissions` (domain/permissionsBlock.ts, from their grants). The previews' summaries
 * (with their CDN keys) are left out for a caller who may not watch its previews. `$embargo` is true while any of its
 * files is under embargo, `$embargoUntil` when the last one lifts.
 */
export async function presentAsset(ctx: PresentContext, a: Doc): Promise<Rec> {
  // Embargo hook: an asset's embargo is its files' (docs/API.md "Embargoes").
  const embargo = await ctx.embargoes.ofAsset(a._id);
  const flags = stateFlags(a, embargo !== undefined);
  const grants = await ctx.grants();
  const permissions = assetPermissions(ctx.caller, grants, a);
  const out: Rec = {
    ...a,
    $links: self(ctx, 'Assets', a._id, {
      thumbnail: link(ctx.origin, 'Files', a.thumbnail as string | undefined),
      project: link(ctx.origin, 'Projects', a.project as string | undefined),
      studio: link(ctx.origin, 'Studios', a.studio as string | undefined),
      type: typeof a.type === 'string' ? `${ctx.origin}/api/Assettypes/${a.type}` : undefined,
    }),
    $flags: flags,
    ...assetThumbnail(
      ctx,
      a.thumbnail,
      embargo?.files.find((f) => f._id === a.thumbnail),
      grants,
    ),
    $permissions: permissions,
    $embargo: embargo !== undefined,
    ...(embargo?.until !== undefined ? { $embargoUntil: embargo.until } : {}),
    $feedback: feedbackFor(),
  };
  // Only the summaries of previews the caller may watch (docs/API.md "Who sees what: grants": sources.previews).
  if (Array.isArray(a.previews)) out.previews = watchableSummaries(grants, a);
  return out;
}

export async function presentProject(ctx: PresentContext, p: Doc): Promise<Rec> {
  return {
    ...p,
    $links: self(ctx, 'Projects', p._id, {
      studio: link(ctx.origin, 'Studios', p.studio as string | undefined),
      logo: link(ctx.origin, 'Files', p.logo as string | undefined),
    }),
    $flags: p.archived ? ['archived'] : [],
    $permissions: projectPermissions(ctx.caller, await ctx.grants(), p),
  };
}

export function presentStudio(ctx: PresentContext, s: Doc): Rec {
  return {
    ...s,
    $links: self(ctx, 'Studios', s._id, {
      coordinator: link(ctx.origin, 'Groups', s.coordinator as string | undefined),
      logo: link(ctx.origin, 'Files', s.logo as string | undefined),
    }),
  };
}

export function presentPlain(ctx: PresentContext, c: Collection, d: Doc): Rec {
  return { ...d, $links: self(ctx, c, d._id) };
}

export async function presentFile(ctx: PresentContext, f: Doc): Promise<Rec> {
  // `content` names the bytes on disk (internal): the record shows a signed link to them as its `path`; `ingest`
  // holds blob ids: shown as `$ingest` with signed links (ingestView.ts).
  const { content, ingest: _ingest, ...rest } = f;
  for (const k of EMBARGO_INTERNAL_FIELDS) delete rest[k];
  // Embargo hook: a caller held by the file's embargo gets no link (nor the stored `path`), and `$embargo` says until
  // when; one who may bypass it gets the ordinary link, which the serving path checks again (docs/API.md "Embargoes").
  const embargo = embargoInForce(f);
  const locked = embargo !== undefined && !mayBypassEmbargo(ctx.caller, f, await ctx.grants());
  if (locked) delete rest.path;
  return {
    ...rest,
    ...(typeof content === 'string' && !locked ? { path: contentLink(ctx, f._id) } : {}),
    ...(embargo ? { $embargo: embargoBlock(embargo, locked, requestedBy(f, ctx.caller.id)) } : {}),
    ...ingestView(ctx, f, locked),
    $flags: stateFlags(f, embargo !== undefined),
    $links: self(ctx, 'Files', f._id, {
      project: link(ctx.origin, 'Projects', f.project as string | undefined),
      asset: link(ctx.origin, 'Assets', f.asset as string | undefined),
    }),
    // The caller's own downloads through signed links (docs/API.md, "Downloads and views").
    $transfer: { downloaded: await ctx.downloads.downloaded(f._id) },
  };
}

export async function presentPreview(ctx: PresentContext, p: Doc): Promise<Rec> {
  // Where the media sits: the record's own `cdn`, else the one of the asset's summary of this preview.
  let cdn = p.cdn;
  if (cdn === undefined && typeof p.asset === 'string') {
    const summaries = (await ctx.records.get<Doc>('Assets', p.asset))?.doc.previews;
    cdn = Array.isArray(summaries)
      ? (summaries.find((s: { _id?: string }) => s._id === p._id) as { cdn?: unknown } | undefined)?.cdn
      : undefined;
  }
  const { media, ...rest } = p;
  const stored = storedMedia(media);
  // Embargo hook: the previews of an asset with files under embargo are held as its files are (docs/API.md
  // "Embargoes"): no links for a caller held by it, the ordinary ones (checked again when served) for one who may pass.
  const assetEmbargo = typeof p.asset === 'string' ? await ctx.embargoes.ofAsset(p.asset) : undefined;
  const embargo = assetEmbargo && assetEmbargoInForce(assetEmbargo);
  const locked = assetEmbargo !== undefined && !mayBypassAssetEmbargo(ctx.caller, assetEmbargo, await ctx.grants());
  const $links = self(ctx, 'Previews', p._id, {
    asset: link(ctx.origin, 'Assets', p.asset as string | undefined),
    project: link(ctx.origin, 'Projects', p.project as string | undefined),
    studio: link(ctx.origin, 'Studios', p.studio as string | undefined),
  });
  if (locked && embargo) {
    return { ...rest, ...(cdn === undefined ? {} : { cdn }), $embargo: embargoBlock(embargo, true), $links };
  }
  // Synthesised media is audio until the server has made its picture (docs/decisions/218), then that WebM; a viewer
  // who must get a mark gets it once their marked copy is made (watermark/previewMark.ts), the sound alone until
  // then, and `picturePending` says a picture is on its way. The shot changes are the film's timing either way.
  const synth = stored?.synth ? await ctx.synthPicture(p) : undefined;
  const made = synth?.made;
  const picture = synth?.shown ? made : undefined;
  return {
    ...rest,
    ...(cdn === undefined ? {} : { cdn }),
    path: previewLink(ctx, p._id, 'view', synth ? (picture ? 'picture' : 'sound') : undefined),
    ...(embargo ? { $embargo: embargoBlock(embargo, false) } : {}),
    ...(stored
      ? {
          media: {
            mime: picture ? 'video/webm' : stored.mime,
            duration: stored.duration,
            width: picture?.width ?? stored.width,
            height: picture?.height ?? stored.height,
            frameRate: stored.frameRate,
            shotChanges: made?.shotChanges,
            picturePending: synth?.pending || undefined,
            peaks: previewLink(ctx, p._id, 'peaks'),
            poster: stored.poster ? previewLink(ctx, p._id, 'poster') : undefined,
          },
        }
      : {}),
    $links,
  };
}

export function presentOffline(ctx: PresentContext, o: Doc): Rec {
  return { ...o, path: offlineLink(ctx, o._id), $links: self(ctx, 'Offlines', o._id) };
}

export function presentComment(ctx: PresentContext, c: Doc): Rec {
  const user = c.user as { _id?: string } | undefined;
  return {
    ...c,
    urls: { workRequest: `${ctx.origin}/work-requests/${String(c.workRequest)}` },
    $links: self(ctx, 'Comments', c._id, {
      workRequest: link(ctx.origin, 'Workrequests', c.workRequest as string | undefined),
      user: link(ctx.origin, 'Users', user?._id),
    }),
  };
}

function userRef(ctx: PresentContext, u: { _id?: string } | undefined): Rec | undefined {
  return u ? { ...u, $links: self(ctx, 'Users', u._id ?? '') } : undefined;
}

/**
 * `$invitation` on a recipient this share invited who has not joined yet, for those who may invite them again (its
 * sender, admins): `{expires}` (epoch seconds) and `expired` (docs/API.md "Managing a share").
 */
async function invitationOf(ctx: PresentContext, s: ShareDoc, userId: string | undefined): Promise<Rec> {
  if (!userId || !canEditShare(ctx.caller, s)) return {};
  const user = (await ctx.records.get<InvitedUserDoc>('Users', userId))?.doc;
  if (!user || user.invitedThrough !== s._id || !isPending(user)) return {};
  const expires = expiryOf(user, ctx.invitationTtl);
  return { $invitation: { expires, expired: expires < Math.floor(Date.now() / 1000) } };
}

export async function presentShare(ctx: PresentContext, s: ShareDoc): Promise<Rec> {
  const [grants, feedback] = await Promise.all([ctx.grants(), ctx.shareFeedback(s._id)]);
  // Every recipient's votes for the sender, admins and `shareVotingView`; one's own vote, answers and comment always.
  const feedbackOn = (assetId: string | undefined): Rec => feedbackBlock(ctx.caller, s, feedback, assetId);
  if (typeof s.expires === 'number') noteValidUntil(s.expires * 1000);
  return {
    // Whether the share is active now (docs/API.md "Share states"); the database decides on every write.
    $state: shareState(s, Math.floor(Date.now() / 1000)),
    ...s,
    from: userRef(ctx, s.from),
    to: await Promise.all(
      (s.to ?? []).map(async (u) => ({ ...userRef(ctx, u), ...(await invitationOf(ctx, s, u._id)) })),
    ),
    assets: await Promise.all(
      (s.assets ?? []).map(async (a) => ({
        ...a,
        // As on the asset record: no thumbnail link for a reader held by an embargo on the file (docs/API.md "Embargoes").
        $thumbnail: undefined, // a stored copy never stands in for the reader's own
        ...assetThumbnail(ctx, a.thumbnail, await embargoedThumbnail(ctx, a._id, a.thumbnail), grants),
        $links: self(ctx, 'Assets', a._id ?? '', {
          project: link(ctx.origin, 'Projects', a.project),
          studio: link(ctx.origin, 'Studios', a.studio),
          thumbnail: link(ctx.origin, 'Files', a.thumbnail),
          type: a.type ? `${ctx.origin}/api/Assettypes/${a.type}` : undefined,
        }),
        // What the viewer may do with the asset: their grants, the same as the asset record says.
        $permissions: assetPermissions(ctx.caller, grants, { ...a, _id: a._id ?? '', created: a.created ?? 0 }),
        $feedback: feedbackOn(a._id),
      })),
    ),
    // A recipient sees their own permission record only; the sender and admins see all.
    permissions: (s.permissions ?? [])
      .filter((p) => ctx.caller.isAdmin || s.from?._id === ctx.caller.id || p.user === ctx.caller.id)
      .map((p) => ({ ...p, $links: self(ctx, 'Permissions', p._id ?? '') })),
    $links: self(ctx, 'Shares', s._id, { from: link(ctx.origin, 'Users', s.from?._id) }),
  };
}

export function presentNotification(ctx: PresentContext, n: Doc, summary = false): Rec {
  const out: Rec = { ...n, $links: self(ctx, 'Notifications', n._id) };
  const event = n.event as Rec | undefined;
  if (summary && event?.workRequest && typeof event.workRequest === 'object') {
    const wr = event.workRequest as Rec;
    out.event = { ...event, workRequest: { _id: wr._id, status: wr.status } };
  }
  return out;
}
