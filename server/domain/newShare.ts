/**
 * A new share (`POST /shares`, docs/API.md "Sending a share"): the body, in the Share record's shape, checked and
 * completed inside the write's transaction: the assets' summaries from the catalog, recipients by id or e-mail (an
 * address nobody on the platform has becomes an invited user), groups that exist, questions with ids, an expiry in
 * the future, and a Permission for every recipient when the body gives none. Every problem is a 400 naming its field;
 * nothing is stored unless all of it is.
 */
import type { Caller, GroupDoc, ShareDoc, UserDoc } from './types';
import type { Doc, Transaction } from '../storage/store';
import { isRecordId, newId } from '../storage/store';
import { invalid } from './errors';
import { DEFAULT_PREFERENCES, EMAIL_PATTERN, invitedUserFields } from './invitations';
import { scheduleInvitationMail } from './mail/schedule';
import type { ShareQuestion } from '../../src/api/schema/share';

/** At most this many assets and recipients in one share: a screening list, not the catalog. */
export const MAX_SHARE_ASSETS = 500;
export const MAX_SHARE_RECIPIENTS = 200;

/** A newcomer invited by a share: who, and the code the sender passes on (the invitation link). */
export interface ShareInvitation {
  user: string;
  emailNormal: string;
  inviteCode: string;
}

type Problem = { path: string; message: string };

function fail(problems: Problem[]): never {
  throw invalid(problems.map((p) => `${p.path}: ${p.message}`).join('; '), problems);
}

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const id = (value as { _id?: unknown } | null | undefined)?._id;
  return typeof id === 'string' ? id : undefined;
}

/** An asset as a share lists it (the spec's share asset summary). */
export function shareAssetSummary(a: Doc): Record<string, unknown> {
  const pick = ['project', 'studio', 'name', 'slug', 'type', 'length', 'thumbnail', 'mediaType', 'creative'];
  const out: Record<string, unknown> = { _id: a._id, created: a.created };
  for (const k of pick) if (a[k] !== undefined) out[k] = a[k];
  return out;
}

/** The share's `urls`: the playlist, the invitation and one link per asset (the app's routes). */
export function shareUrls(assetIds: readonly string[]): Record<string, string> {
  const urls: Record<string, string> = { playlist: '/shares/:share/playlist', invite: '/invite/:code' };
  for (const id of assetIds) urls[id] = `/shares/:share/assets/${id}`;
  return urls;
}

/** The summaries and project names of these assets, in the given order; unknown ids are problems at `path`. */
export async function shareAssets(
  tx: Transaction,
  ids: readonly string[],
  path: string,
): Promise<{ assets: Record<string, unknown>[]; projectNames: string[] }> {
  const found = new Map(
    (await tx.getMany('Assets', ids, { omit: ['previews', 'usage', 'transcription'] })).map((a) => [a.doc._id, a.doc]),
  );
  const problems = ids.flatMap((id, i) =>
    found.has(id) ? [] : [{ path: `${path}.${i}._id`, message: 'no such asset' }],
  );
  if (problems.length) fail(problems);
  const assets = ids.map((id) => shareAssetSummary(found.get(id)!));
  const projectIds = [...new Set(assets.map((a) => a.project).filter((p): p is string => typeof p === 'string'))];
  const projects = await tx.getMany('Projects', projectIds);
  const projectNames = projects.map((p) => p.doc.name).filter((n): n is string => typeof n === 'string');
  return { assets, projectNames };
}

/** Questions with their ids (`q1`, `q2`… where none is given), checked: a choice offers two answers or more. */
export function checkedQuestions(questions: readonly ShareQuestion[]): ShareQuestion[] {
  const problems: Problem[] = [];
  const ids = new Set<string>();
  const out = questions.map((q, i) => {
    const _id = q._id ?? `q${i + 1}`;
    if (ids.has(_id)) problems.push({ path: `questions.${i}._id`, message: `another question has the id "${_id}"` });
    ids.add(_id);
    if (q.type === 'choice' && (q.choices?.length ?? 0) < 2)
      problems.push({ path: `questions.${i}.choices`, message: 'a choice question offers at least two answers' });
    if (q.type !== 'choice' && q.choices?.length)
      problems.push({ path: `questions.${i}.choices`, message: 'only a choice question has choices' });
    return { ...q, _id };
  });
  if (problems.length) fail(problems);
  return out;
}

/** The recipients named by id or e-mail, as user summaries; newcomers' e-mails become invited users (inserted). */
async function resolveRecipients(
  tx: Transaction,
  to: readonly unknown[],
  invitationTtl: number,
  shareId: string,
): Promise<{ to: Record<string, unknown>[]; invited: ShareInvitation[] }> {
  const problems: Problem[] = [];
  const ids: string[] = [];
  const emails: { email: string; index: number }[] = [];
  to.forEach((entry, i) => {
    const id = idOf(entry);
    const given = (entry as { emailNormal?: unknown } | null)?.emailNormal;
    if (id !== undefined) {
      if (!isRecordId(id)) problems.push({ path: `to.${i}._id`, message: 'not a user id' });
      else ids.push(id);
    } else if (typeof given === 'string' && EMAIL_PATTERN.test(given.trim())) {
      emails.push({ email: given.trim().toLowerCase(), index: i });
    } else {
      problems.push({ path: `to.${i}`, message: 'expected a user ({_id}) or an e-mail address ({emailNormal})' });
    }
  });
  if (problems.length) fail(problems);
  const users = new Map((await tx.getMany<UserDoc>('Users', ids)).map((u) => [u.doc._id, u.doc]));
  ids.forEach((id) => {
    if (!users.has(id))
      problems.push({ path: `to.${to.findIndex((e) => idOf(e) === id)}._id`, message: 'no such user' });
  });
  if (problems.length) fail(problems);
  const invited: ShareInvitation[] = [];
  for (const { email } of emails) {
    const known = await tx.list<UserDoc>('Users', {
      filters: [{ field: 'username', op: 'eq', value: email }],
      offset: 0,
      limit: 1,
    });
    const user = known.items[0];
    if (user) {
      users.set(user._id, user);
      ids.push(user._id);
      continue;
    }
    const _id = newId();
    const fields = invitedUserFields(_id, email, invitationTtl);
    const name = email.split('@')[0]!;
    const stored = await tx.insert<UserDoc>('Users', {
      _id,
      name,
      groups: [],
      preferences: DEFAULT_PREFERENCES,
      // Only the share that invited them may issue them a new code (routes/shares.ts): never someone else's invitee.
      invitedThrough: shareId,
      ...fields,
    });
    users.set(_id, stored.doc);
    ids.push(_id);
    invited.push({ user: _id, emailNormal: email, inviteCode: fields.inviteCode });
    // Their invitation goes by mail, with the share (docs/API.md "Sending a share").
    await scheduleInvitationMail(tx, { user: _id, share: shareId, code: fields.inviteCode });
  }
  const unique = [...new Set(ids)];
  return {
    to: unique.map((id) => {
      const u = users.get(id)!;
      return { _id: id, name: u.name ?? '', emailNormal: u.emailNormal ?? u.username ?? '' };
    }),
    invited,
  };
}

/** Group ids that exist (given as ids or `{_id}`); anything else is a problem. */
async function resolveGroups(tx: Transaction, groups: readonly unknown[]): Promise<string[]> {
  const ids = groups.map(idOf);
  const problems: Problem[] = ids.flatMap((id, i) =>
    id && isRecordId(id) ? [] : [{ path: `groups.${i}`, message: 'expected a group id' }],
  );
  if (problems.length) fail(problems);
  const found = new Set((await tx.getMany<GroupDoc>('Groups', ids as string[])).map((g) => g.doc._id));
  ids.forEach((id, i) => {
    if (!found.has(id!)) problems.push({ path: `groups.${i}`, message: 'no such group' });
  });
  if (problems.length) fail(problems);
  return [...new Set(ids as string[])];
}

/** The default Permission of a new share: for every recipient, its assets, watermarked previews and notes. */
function defaultPermission(shareId: string, assetIds: readonly string[]): Record<string, unknown> {
  return {
    _id: newId(),
    share: shareId,
    approved: true,
    assets: [...assetIds],
    access: { previews: 'watermarked', notes: true },
    sources: { download: { ov: false, countries: [], languages: [] } },
  };
}

/**
 * The share to store from a parsed `POST /shares` body (its writable fields), and the newcomers it invited (already
 * inserted in `tx`). The caller's right to share those assets is checked afterwards, as for an edit.
 */
export async function buildNewShare(
  tx: Transaction,
  caller: Caller,
  fields: Record<string, unknown>,
  options: { invitationTtl: number; nowSeconds: number },
): Promise<{ share: ShareDoc; invited: ShareInvitation[] }> {
  const problems: Problem[] = [];
  const assetIds = (Array.isArray(fields.assets) ? fields.assets : []).map(idOf);
  const to = Array.isArray(fields.to) ? fields.to : [];
  const groups = Array.isArray(fields.groups) ? fields.groups : [];
  if (assetIds.length === 0) problems.push({ path: 'assets', message: 'a share needs at least one asset' });
  if (assetIds.length > MAX_SHARE_ASSETS)
    problems.push({ path: 'assets', message: `at most ${MAX_SHARE_ASSETS} assets in one share` });
  assetIds.forEach((id, i) => {
    if (!id || !isRecordId(id)) problems.push({ path: `assets.${i}._id`, message: 'not an asset id' });
  });
  if (to.length + groups.length === 0)
    problems.push({
      path: 'to',
      message: 'a share needs at least one recipient (a person, a group or an e-mail address)',
    });
  if (to.length + groups.length > MAX_SHARE_RECIPIENTS)
    problems.push({ path: 'to', message: `at most ${MAX_SHARE_RECIPIENTS} recipients in one share` });
  const expires = fields.expires;
  if (typeof expires === 'number' && expires <= options.nowSeconds)
    problems.push({ path: 'expires', message: 'the end of a new share must be in the future' });
  if (problems.length) fail(problems);
  const questions = checkedQuestions((fields.questions as ShareQuestion[] | undefined) ?? []);
  const ids = [...new Set(assetIds as string[])];
  const { assets, projectNames } = await shareAssets(tx, ids, 'assets');
  const groupIds = await resolveGroups(tx, groups);
  const _id = newId();
  const recipients = await resolveRecipients(tx, to, options.invitationTtl, _id);
  const given = Array.isArray(fields.permissions) ? (fields.permissions as Record<string, unknown>[]) : [];
  const permissions = given.length
    ? given.map((p) => ({ ...p, _id: typeof p._id === 'string' ? p._id : newId(), share: _id }))
    : [defaultPermission(_id, ids)];
  const share = {
    _id,
    created: options.nowSeconds,
    from: { _id: caller.id, name: caller.user.name ?? '', emailNormal: caller.user.emailNormal ?? '' },
    to: recipients.to,
    groups: groupIds,
    assets,
    assetsCount: assets.length,
    projectNames,
    questions,
    notes: typeof fields.notes === 'string' ? fields.notes : '',
    feedback: { enabled: (fields.feedback as { enabled?: boolean } | undefined)?.enabled ?? true },
    approved: fields.approved === false ? false : true,
    urls: shareUrls(ids),
    permissions,
    ...(typeof expires === 'number' ? { expires } : {}),
  } as unknown as ShareDoc;
  return { share, invited: recipients.invited };
}

/**
 * The share's Permissions once `removed` assets are taken out of it (docs/API.md "Managing a share"): each listed
 * asset removed from their `assets`, so the recipients lose them at once; a Permission that listed only removed
 * assets is dropped (left with no list it would reach its whole project instead).
 */
function withoutAssets(permissions: ShareDoc['permissions'], removed: ReadonlySet<string>): ShareDoc['permissions'] {
  if (!permissions || removed.size === 0) return permissions;
  return permissions.flatMap((p) => {
    const listed = Array.isArray(p.assets) ? p.assets : [];
    const kept = listed.filter((a) => !removed.has(typeof a === 'string' ? a : String((a as { _id?: unknown })._id)));
    if (kept.length === listed.length) return [p];
    return kept.length ? [{ ...p, assets: kept }] : [];
  });
}

/**
 * The share's Permissions once `added` assets join it: a Permission that listed every asset the share held (the
 * share as a whole, as a new share's default is) lists the added ones too; one kept to some of them stays as it is.
 */
function withAddedAssets(
  permissions: ShareDoc['permissions'],
  before: readonly unknown[],
  added: readonly string[],
): ShareDoc['permissions'] {
  if (!permissions || added.length === 0) return permissions;
  return permissions.map((p) => {
    const listed = new Set((Array.isArray(p.assets) ? p.assets : []).map(String));
    const whole = listed.size > 0 && before.every((id) => listed.has(String(id)));
    return whole ? { ...p, assets: [...listed, ...added.filter((id) => !listed.has(id))] } : p;
  });
}

/**
 * A share edited (`PUT /shares/{id}`) completed as a new one is: recipients added by e-mail resolved (newcomers
 * invited), assets added given their summaries and links, counts kept in step.
 */
export async function completeShareEdit(
  tx: Transaction,
  next: ShareDoc,
  current: ShareDoc,
  invitationTtl: number,
): Promise<{ share: ShareDoc; invited: ShareInvitation[] }> {
  const byEmail = (next.to ?? []).filter((u) => !u._id);
  const named = (next.to ?? []).filter((u) => u._id);
  const resolved = byEmail.length
    ? await resolveRecipients(tx, byEmail, invitationTtl, current._id)
    : { to: [], invited: [] };
  const to = [...new Map([...named, ...resolved.to].map((u) => [String(u._id), u])).values()];
  const before = new Set((current.assets ?? []).map((a) => a._id));
  const ids = (next.assets ?? []).map((a) => a._id).filter((id): id is string => typeof id === 'string');
  const added = ids.filter((id) => !before.has(id));
  if (ids.length === 0) fail([{ path: 'assets', message: 'a share needs at least one asset: end it instead' }]);
  if (ids.length > MAX_SHARE_ASSETS)
    fail([{ path: 'assets', message: `at most ${MAX_SHARE_ASSETS} assets in one share` }]);
  const fresh = added.length ? await shareAssets(tx, added, 'assets') : { assets: [], projectNames: [] };
  const summaries = new Map(fresh.assets.map((a) => [String(a._id), a]));
  const assets = (next.assets ?? []).map((a) => (a._id && summaries.has(a._id) ? summaries.get(a._id)! : a));
  const removed = new Set([...before].filter((id): id is string => typeof id === 'string' && !ids.includes(id)));
  const statedPermissions = JSON.stringify(next.permissions ?? null) !== JSON.stringify(current.permissions ?? null);
  const share = {
    ...next,
    to,
    assets,
    assetsCount: assets.length,
    // Permissions the edit states itself are the caller's as given (and checked against their grants as given);
    // left unchanged, those covering the whole share follow its added assets.
    permissions: statedPermissions
      ? withoutAssets(next.permissions, removed)
      : withAddedAssets(withoutAssets(next.permissions, removed), [...before], added),
    projectNames: [...new Set([...(next.projectNames ?? []), ...fresh.projectNames])],
    urls: {
      ...shareUrls(ids),
      ...Object.fromEntries(Object.entries(next.urls ?? {}).filter(([k]) => !before.has(k) || ids.includes(k))),
    },
  } as ShareDoc;
  return { share, invited: resolved.invited };
}
