/**
 * Recipients' feedback on a share's assets (docs/API.md "Share feedback"): one `Sharefeedback` record per share,
 * asset and recipient (`key` share:asset:user, unique), holding their vote, answers and comment with what reports
 * count by (territory, studio, project). Written only by a recipient, only while the share is active (its end
 * compared in the query, so every instance agrees without timers) and its feedback open.
 */
import type { Caller, ShareDoc } from './types';
import type { Doc, Filter, StoreOps, Transaction } from '../storage/store';
import { UniqueViolation } from '../storage/store';
import { conflict, forbidden, invalid, notFound } from './errors';
import { isShareRecipient } from './access';
import { sharesOf } from './directory';
import { noteValidUntil } from '../storage/readTracking';
import { VOTES, type ShareFeedbackInput, type ShareQuestion, type Vote } from '../../src/api/schema/share';

export interface FeedbackDoc extends Doc {
  share: string;
  asset: string;
  user: string;
  userName: string;
  key: string;
  territory?: string;
  territoryName?: string;
  studio?: string;
  project?: string;
  vote?: Vote;
  answers: Record<string, string>;
  comment?: string;
  updated: number;
}

/** A share still active at `nowSeconds`: its end, if any, is later (compared by the database). */
export function activeShareFilters(nowSeconds: number): Filter[] {
  return [{ field: 'expires', op: 'gt', value: nowSeconds }];
}

export async function isShareActive(store: StoreOps, shareId: string, nowSeconds: number): Promise<boolean> {
  return (
    (await store.count('Shares', [{ field: '_id', op: 'eq', value: shareId }, ...activeShareFilters(nowSeconds)])) > 0
  );
}

/**
 * A share's state as its lists show it: `expired` once its end has passed, `feedback-closed` while active with
 * feedback off, else `active` (a share awaiting approval says so too: `pending`).
 */
export type ShareState = 'active' | 'expired' | 'feedback-closed' | 'pending';
export function shareState(share: ShareDoc, nowSeconds: number): ShareState {
  if (typeof share.expires === 'number' && share.expires <= nowSeconds) return 'expired';
  if (share.approved !== true) return 'pending';
  return share.feedback?.enabled === false ? 'feedback-closed' : 'active';
}

/** The answers checked against the share's questions: known ids, yes / no, one of the choices. */
export function checkedAnswers(
  questions: readonly ShareQuestion[],
  answers: Record<string, string>,
): Record<string, string> {
  const byId = new Map(questions.map((q) => [q._id, q]));
  const problems: { path: string; message: string }[] = [];
  for (const [id, value] of Object.entries(answers)) {
    const q = byId.get(id);
    if (!q) problems.push({ path: `answers.${id}`, message: 'the share asks no such question' });
    else if (q.type === 'yesno' && value !== 'yes' && value !== 'no' && value !== '')
      problems.push({ path: `answers.${id}`, message: 'expected "yes" or "no"' });
    else if (q.type === 'choice' && value !== '' && !(q.choices ?? []).includes(value))
      problems.push({ path: `answers.${id}`, message: `expected one of: ${(q.choices ?? []).join(', ')}` });
  }
  if (problems.length) throw invalid(problems.map((p) => `${p.path}: ${p.message}`).join('; '), problems);
  return answers;
}

/** Refuses feedback the caller may not give on this share and asset now (403 / 404 / 409), before anything is read. */
export async function requireFeedbackOpen(
  tx: StoreOps,
  caller: Caller,
  share: ShareDoc,
  assetId: string,
  nowSeconds: number,
): Promise<Record<string, unknown>> {
  if (!isShareRecipient(caller, share)) throw forbidden('only a recipient of the share gives feedback on it');
  const asset = (share.assets ?? []).find((a) => a._id === assetId);
  if (!asset) throw notFound('asset of this share');
  if (share.approved !== true) throw conflict('the share is awaiting approval: feedback opens once it is approved');
  if (share.feedback?.enabled === false) throw conflict('the sender has closed feedback on this share');
  if (!(await isShareActive(tx, share._id, nowSeconds)))
    throw conflict(`the share ended on ${new Date((share.expires ?? 0) * 1000).toISOString()}: it is read-only now`);
  return asset;
}

/** Stores the caller's feedback on one asset (creating or changing their record) and answers it with its version. */
export async function saveFeedback(
  tx: Transaction,
  caller: Caller,
  share: ShareDoc,
  asset: Record<string, unknown>,
  input: ShareFeedbackInput,
  nowSeconds: number,
): Promise<{ doc: FeedbackDoc; previous: FeedbackDoc | undefined }> {
  const key = `${share._id}:${String(asset._id)}:${caller.id}`;
  const found = await tx.list<FeedbackDoc>('Sharefeedback', {
    filters: [{ field: 'key', op: 'eq', value: key }],
    offset: 0,
    limit: 1,
  });
  const previous = found.items[0];
  const answers = input.answers ? checkedAnswers(share.questions ?? [], input.answers) : undefined;
  const territory = caller.user.territory as { _id?: string; name?: string } | undefined;
  const next: Omit<FeedbackDoc, '_id' | 'created'> = {
    ...(previous ?? {}),
    share: share._id,
    asset: String(asset._id),
    user: caller.id,
    userName: caller.user.name ?? '',
    key,
    studio: typeof asset.studio === 'string' ? asset.studio : undefined,
    project: typeof asset.project === 'string' ? asset.project : undefined,
    territory: territory?._id,
    territoryName: territory?.name,
    answers: Object.fromEntries(
      Object.entries({ ...(previous?.answers ?? {}), ...(answers ?? {}) }).filter(([, v]) => v !== ''),
    ),
    updated: nowSeconds,
  };
  if (input.vote !== undefined) next.vote = input.vote ?? undefined;
  if (input.comment !== undefined) next.comment = input.comment?.trim() || undefined;
  if (previous) {
    const current = await tx.get<FeedbackDoc>('Sharefeedback', previous._id, { forUpdate: true });
    const stored = await tx.replace<FeedbackDoc>(
      'Sharefeedback',
      { ...next, _id: previous._id, created: previous.created } as FeedbackDoc,
      current?.version,
    );
    return { doc: stored.doc, previous };
  }
  try {
    const stored = await tx.insert<FeedbackDoc>('Sharefeedback', next);
    return { doc: stored.doc, previous: undefined };
  } catch (e) {
    // Two first saves of one person at once (two tabs): the other one's record is theirs; the caller retries.
    if (e instanceof UniqueViolation) throw conflict('your feedback was being saved at the same time: save again');
    throw e;
  }
}

/** Every feedback record of a share (a share's recipients are at most a few hundred, its assets a few hundred). */
export async function feedbackOfShare(store: StoreOps, shareId: string): Promise<FeedbackDoc[]> {
  const page = await store.list<FeedbackDoc>('Sharefeedback', {
    filters: [{ field: 'share', op: 'eq', value: shareId }],
    sort: { field: 'created', dir: 'asc' },
    offset: 0,
    limit: 100_000,
  });
  return page.items;
}

/** Per asset: how many voted each way, as `$feedback.summary` shows it (`[{vote, count}]`, every vote listed). */
export function voteSummary(records: readonly FeedbackDoc[], assetId: string): { vote: Vote; count: number }[] {
  return VOTES.map((vote) => ({
    vote,
    count: records.filter((r) => r.asset === assetId && r.vote === vote).length,
  }));
}

/** Whether a Permission of the share that applies to the caller holds `shareVotingView` (see the others' votes). */
export function votingViewOf(caller: Caller, share: ShareDoc): boolean {
  if (!isShareRecipient(caller, share)) return false;
  return (share.permissions ?? []).some(
    (p) =>
      (!p.user || p.user === caller.id) &&
      (p.access as { shareVotingView?: unknown } | undefined)?.shareVotingView === true,
  );
}

/** Whether the caller sees every recipient's feedback on a share: its sender, admins, or `shareVotingView`. */
export function seesAllFeedback(caller: Caller, share: ShareDoc, votingView: boolean): boolean {
  return caller.isAdmin || share.from?._id === caller.id || votingView;
}

/**
 * `$feedback` of one asset of a share as the caller reads it (docs/API.md "Share feedback"): the share, their own
 * vote, answers and comment, and the counts of every vote only for those who see all feedback (`seesAllFeedback`:
 * the sender, admins, `shareVotingView`). The one rule for a share's assets and for GET /assets/{id}.
 */
export function feedbackBlock(
  caller: Caller,
  share: ShareDoc,
  records: readonly FeedbackDoc[],
  assetId: string | undefined,
): {
  share: string;
  vote: string;
  summary: { vote: Vote; count: number }[];
  answers: Record<string, string>;
  comment: string;
} {
  const own = records.find((f) => f.asset === assetId && f.user === caller.id);
  const seesAll = seesAllFeedback(caller, share, votingViewOf(caller, share));
  return {
    share: share._id,
    vote: own?.vote ?? '',
    summary: seesAll && assetId ? voteSummary(records, assetId) : [],
    answers: own?.answers ?? {},
    comment: own?.comment ?? '',
  };
}

/**
 * The share whose feedback an asset's record shows the caller: of the shares they sent or received holding it, an
 * active one before an ended one, the latest first; none when they take part in no share of it.
 */
export function shareOfAssetFor(
  shares: readonly ShareDoc[],
  assetId: string,
  nowSeconds: number,
): ShareDoc | undefined {
  const holding = shares.filter((s) => (s.assets ?? []).some((a) => a._id === assetId));
  const ended = (s: ShareDoc) => (shareState(s, nowSeconds) === 'expired' ? 1 : 0);
  return holding.sort((a, b) => ended(a) - ended(b) || b.created - a.created || b._id.localeCompare(a._id))[0];
}

/**
 * `$feedback` of an asset's own record (GET /assets/{id}): the feedback block of the share that reached the caller
 * with it (shareOfAssetFor), or undefined when none did (the record then shows the empty block).
 */
export async function assetFeedbackFor(
  store: StoreOps,
  caller: Caller,
  assetId: string,
  nowSeconds: number,
): Promise<ReturnType<typeof feedbackBlock> | undefined> {
  const share = shareOfAssetFor(await sharesOf(store, caller), assetId, nowSeconds);
  // Once the chosen share ends another may be chosen: a kept answer holds until then (storage/readTracking.ts).
  if (typeof share?.expires === 'number' && share.expires > nowSeconds) noteValidUntil(share.expires * 1000);
  return share ? feedbackBlock(caller, share, await feedbackOfShare(store, share._id), assetId) : undefined;
}
