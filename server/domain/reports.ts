/**
 * The reports (docs/API.md "Reports"): what head office asks of the localization desk, each computed by the database
 * (`store.aggregate`: grouped counts and sums over the indexed report fields of indexes.ts, read from one covering
 * index), never by reading every record. Who may run which is decided once, here, as store filters: the report's
 * access flag (a Permission flag) and the studio scope.
 */
import type { Caller, ShareDoc } from './types';
import type { FeedbackDoc } from './shareFeedback';
import type { AggregateGroup, Doc, Filter, Store, StoreOps } from '../storage/store';
import type { AccessFlag } from '../../src/api/schema/permission';
import type { ReportQuery } from '../../src/api/schema/queries';
import { OPEN_STATUSES } from '../../src/api/schema/workRequestStatuses';
import { forbidden, invalid } from './errors';
import { studioScopeFilters } from './access';
import { grantsOf, type Grants } from './grants';
import { REPORT_FLAGS, REPORT_NAMES, type ReportName } from '../../src/api/schema/reports';

// The reports and their flags are the contract's (src/api/schema/reports.ts), read by the app too.
export { isReportName, REPORT_FLAGS, REPORT_NAMES, type ReportName } from '../../src/api/schema/reports';

const DAY = 86_400;
/** Without `from`, a report covers the last year up to `to` (or today). */
const DEFAULT_SPAN_DAYS = 365;
/** A range longer than this is refused (ten years: beyond it a week series has thousands of points). */
const MAX_SPAN_DAYS = 3660;
/** The records a report lists (its exceptions, its latest downloads): the most telling first. */
export const REPORT_LIST_LIMIT = 100;

// ---------------------------------------------------------------------------------------------- who

/**
 * The store filters that keep a report to what the caller may see, or a 403 when they may not run it: admins every
 * studio; coordinators their studios; anyone else the projects on which a project-wide Permission gives them the
 * report's flag (a report reads whole projects: a flag on single assets does not open it).
 */
export function reportScope(caller: Caller, grants: Grants, flag: AccessFlag, projectField = 'project'): Filter[] {
  if (grants.kind !== 'granted') return studioScopeFilters(caller);
  const projects = [...grants.projects.values()].filter((p) => p.wide && p.flags.has(flag)).map((p) => p.project);
  if (projects.length === 0) throw forbidden(`this report needs the ${flag} permission`);
  return [{ field: projectField, op: 'in', value: projects }];
}

/** The reports the caller may run (the app offers these and no others). */
export async function offeredReports(caller: Caller, store: Store): Promise<ReportName[]> {
  const grants = await grantsOf(caller, store);
  return REPORT_NAMES.filter((name) => {
    try {
      reportScope(caller, grants, REPORT_FLAGS[name]);
      return true;
    } catch {
      return false;
    }
  });
}

// ---------------------------------------------------------------------------------------------- the range and filters

export interface ReportRange {
  /** Epoch seconds, the first second of `from`'s day. */
  start: number;
  /** Epoch seconds, the first second after `to`'s day. */
  end: number;
  from: string;
  to: string;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayStart(value: string, name: string): number {
  const m = ISO_DAY.exec(value);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw invalid(`${name}: expected a day as YYYY-MM-DD`);
  }
  return ms / 1000;
}

const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The query's days as a range of placed times (`to` included); `now` in epoch seconds. */
export function reportRange(query: ReportQuery, now: number): ReportRange {
  const end = (query.to ? dayStart(query.to, 'to') : Math.floor(now / DAY) * DAY) + DAY;
  const start = query.from ? dayStart(query.from, 'from') : end - DEFAULT_SPAN_DAYS * DAY;
  if (start >= end) throw invalid('from: must not be after to');
  if (end - start > MAX_SPAN_DAYS * DAY) throw invalid(`from: a report covers at most ${MAX_SPAN_DAYS} days`);
  return { start, end, from: dayOf(start), to: dayOf(end - DAY) };
}

/** The filters of the query that apply to work requests, with the range on their placed time. */
function workRequestFilters(query: ReportQuery, range: ReportRange): Filter[] {
  const filters: Filter[] = [
    { field: 'created', op: 'gte', value: range.start },
    { field: 'created', op: 'lt', value: range.end },
  ];
  for (const field of ['studio', 'project', 'language', 'territory', 'group', 'vendor'] as const) {
    const value = query[field];
    if (value !== undefined) filters.push({ field, op: 'eq', value });
  }
  return filters;
}

// ---------------------------------------------------------------------------------------------- the reports

export interface ReportContext {
  store: Store;
  caller: Caller;
  query: ReportQuery;
  /** Epoch seconds. */
  now: number;
}

const key = (g: AggregateGroup, i: number) => (g.keys[i] === null ? null : String(g.keys[i]));

/** Groups folded on some of their keys (the rest summed over). */
function fold(groups: AggregateGroup[], at: (g: AggregateGroup) => string | null, sums: string[] = []) {
  const out = new Map<string | null, { count: number; sums: Record<string, { sum: number; counted: number }> }>();
  for (const g of groups) {
    const k = at(g);
    let e = out.get(k);
    if (!e) out.set(k, (e = { count: 0, sums: Object.fromEntries(sums.map((s) => [s, { sum: 0, counted: 0 }])) }));
    e.count += g.count;
    for (const s of sums) {
      e.sums[s]!.sum += g.sums[s]?.sum ?? 0;
      e.sums[s]!.counted += g.sums[s]?.counted ?? 0;
    }
  }
  return [...out.entries()].map(([k, v]) => ({ key: k, ...v })).sort((a, b) => b.count - a.count);
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Delivery figures of a set of orders: delivered, on time, late, the on-time rate and the mean turnaround in days. */
function delivery(e: { count: number; sums: Record<string, { sum: number; counted: number }> }, completed: number) {
  const onTime = e.sums.onTime!;
  const turnaround = e.sums.turnaround!;
  return {
    placed: e.count,
    completed,
    onTime: onTime.sum,
    late: onTime.counted - onTime.sum,
    /** Of the delivered orders with a due date, the share delivered by it (null when none). */
    onTimeRate: onTime.counted ? round(onTime.sum / onTime.counted, 4) : null,
    averageTurnaroundDays: turnaround.counted ? round(turnaround.sum / turnaround.counted / DAY) : null,
  };
}

/** Orders: placed, completed, open by status; turnaround and on-time rate; by language, territory and vendor. */
async function ordersReport(ctx: ReportContext, filters: Filter[]) {
  const sums = ['onTime', 'turnaround'];
  const groups = await ctx.store.aggregate('Workrequests', {
    filters,
    groupBy: ['status', 'language', 'territory', 'vendor'],
    sums,
  });
  // The completed orders are one fold more (of the complete groups only), not a pass over the groups per key.
  const complete = groups.filter((g) => g.keys[0] === 'complete');
  const completed = (at: (g: AggregateGroup) => boolean) => complete.filter(at).reduce((n, g) => n + g.count, 0);
  const by = (i: number) => {
    const done = new Map(fold(complete, (g) => key(g, i)).map((e) => [e.key, e.count]));
    return fold(groups, (g) => key(g, i), sums).map((e) => ({ key: e.key, ...delivery(e, done.get(e.key) ?? 0) }));
  };
  const all = fold(groups, () => '', sums)[0] ?? {
    count: 0,
    sums: { onTime: { sum: 0, counted: 0 }, turnaround: { sum: 0, counted: 0 } },
  };
  const byStatus = fold(groups, (g) => key(g, 0)).map((e) => ({ status: e.key, count: e.count }));
  const open = byStatus.filter((s) => (OPEN_STATUSES as readonly (string | null)[]).includes(s.status));
  return {
    totals: {
      ...delivery(
        all,
        completed(() => true),
      ),
      open: open.reduce((n, s) => n + s.count, 0),
    },
    byStatus,
    byLanguage: by(1).map(({ key: language, ...rest }) => ({ language, ...rest })),
    byTerritory: by(2).map(({ key: territory, ...rest }) => ({ territory, ...rest })),
    byVendor: by(3).map(({ key: vendor, ...rest }) => ({ vendor, ...rest })),
  };
}

/** Order volume: orders placed per week or month, by language and territory. */
async function volumeReport(ctx: ReportContext, filters: Filter[]) {
  const by = ctx.query.by ?? 'month';
  const groups = await ctx.store.aggregate('Workrequests', {
    filters,
    groupBy: [{ field: 'created', bucket: by }, 'language', 'territory'],
  });
  const periods = fold(groups, (g) => key(g, 0))
    .map((e) => ({ period: e.key, count: e.count }))
    .sort((a, b) => String(a.period).localeCompare(String(b.period)));
  const pairs = (i: number, name: 'language' | 'territory') =>
    fold(groups, (g) => `${key(g, 0)}\n${key(g, i) ?? ''}`)
      .map((e) => {
        const [period, value] = String(e.key).split('\n');
        return { period: period!, [name]: value || null, count: e.count };
      })
      .sort((a, b) => a.period.localeCompare(b.period) || b.count - a.count);
  return { by, periods, byLanguage: pairs(1, 'language'), byTerritory: pairs(2, 'territory') };
}

/** Fields of a work request an exception row reads (the large ones left out). */
const LIST_OMIT = ['history', 'translation', 'graphicsTranslation', 'recipients', 'dng', 'uses', 'usage'];

/** Exceptions: overdue, rejected, sent back, cancelled — which, how late, why (the reason of the move). */
async function exceptionsReport(ctx: ReportContext, filters: Filter[]) {
  const overdue: Filter[] = [
    ...filters,
    { field: 'status', op: 'in', value: [...OPEN_STATUSES] },
    { field: 'due', op: 'lt', value: ctx.now },
  ];
  const [kinds, overdueCount, overdueRows, otherRows] = await Promise.all([
    ctx.store.aggregate('Workrequests', { filters, groupBy: ['exception'] }),
    ctx.store.count('Workrequests', overdue),
    ctx.store.list('Workrequests', {
      filters: overdue,
      sort: { field: 'due', dir: 'asc' },
      offset: 0,
      limit: REPORT_LIST_LIMIT,
      omit: LIST_OMIT,
    }),
    ctx.store.list('Workrequests', {
      filters: [...filters, { field: 'exception', op: 'in', value: ['rejected', 'cancelled', 'sent-back'] }],
      sort: { field: 'created', dir: 'desc' },
      offset: 0,
      limit: REPORT_LIST_LIMIT,
      omit: LIST_OMIT,
    }),
  ]);
  const countOf = (k: string) => kinds.find((g) => g.keys[0] === k)?.count ?? 0;
  const row = (kind: string, w: Record<string, unknown>) => {
    const due = (w.due as { date?: number } | undefined)?.date;
    const lateUntil = kind === 'overdue' ? ctx.now : undefined;
    return {
      kind,
      workRequest: w._id,
      asset: (w.asset as { name?: string } | undefined)?.name ?? null,
      project: (w.project as { name?: string } | undefined)?.name ?? null,
      language: w.language ?? null,
      territory: w.territory ?? null,
      status: w.status,
      placed: w.created,
      due: due ?? null,
      /** Days past due (overdue orders: until now). */
      daysLate: lateUntil !== undefined && typeof due === 'number' ? round((lateUntil - due) / DAY) : null,
      reason: typeof w.reason === 'string' ? w.reason : '',
    };
  };
  return {
    counts: {
      overdue: overdueCount,
      rejected: countOf('rejected'),
      sentBack: countOf('sent-back'),
      cancelled: countOf('cancelled'),
    },
    items: [...overdueRows.items.map((w) => row('overdue', w)), ...otherRows.items.map((w) => row(exceptionOf(w), w))],
  };
}

/** A listed record's exception kind as the indexed `exception` field computes it (the list's documents lack it). */
function exceptionOf(w: Record<string, unknown>): string {
  if (w.status === 'rejected' || w.status === 'cancelled') return String(w.status);
  return 'sent-back';
}

/**
 * Group spending: the orders' estimates summed by group, studio, project, language and over time — one grouped scan
 * by all five, folded here on each (the groups are at most the combinations the orders hold, far fewer than orders).
 */
async function spendingReport(ctx: ReportContext, filters: Filter[]) {
  const by = ctx.query.by ?? 'month';
  const groups = await ctx.store.aggregate('Workrequests', {
    filters,
    groupBy: ['group', 'studio', 'project', 'language', { field: 'created', bucket: by }],
    sums: ['spend'],
  });
  const rows = (i: number, name: string) =>
    fold(groups, (g) => key(g, i), ['spend'])
      .map((e) => ({
        [name]: e.key,
        orders: e.count,
        estimated: e.sums.spend!.counted,
        spend: round(e.sums.spend!.sum, 2),
      }))
      .sort((a, b) => b.spend - a.spend);
  const total = groups.reduce((t, g) => ({ orders: t.orders + g.count, spend: t.spend + g.sums.spend!.sum }), {
    orders: 0,
    spend: 0,
  });
  return {
    by,
    currency: 'USD',
    totals: { orders: total.orders, spend: round(total.spend, 2) },
    byGroup: rows(0, 'group'),
    byStudio: rows(1, 'studio'),
    byProject: rows(2, 'project'),
    byLanguage: rows(3, 'language'),
    periods: rows(4, 'period').sort((a, b) => String(a.period).localeCompare(String(b.period))),
  };
}

/** Offline rejections and encodes: how many of each the orders hold, by language and by status. */
async function rejectionsReport(ctx: ReportContext, filters: Filter[]) {
  const sums = ['rejectionCount', 'encodeCount'];
  const groups = await ctx.store.aggregate('Workrequests', { filters, groupBy: ['language', 'status'], sums });
  const rows = (i: number, name: string) =>
    fold(groups, (g) => key(g, i), sums)
      .map((e) => ({
        [name]: e.key,
        orders: e.count,
        rejections: e.sums.rejectionCount!.sum,
        encodes: e.sums.encodeCount!.sum,
      }))
      .filter((r) => r.rejections > 0 || r.encodes > 0);
  const all = fold(groups, () => '', sums)[0];
  return {
    totals: {
      orders: all?.count ?? 0,
      rejections: all?.sums.rejectionCount!.sum ?? 0,
      encodes: all?.sums.encodeCount!.sum ?? 0,
    },
    byLanguage: rows(0, 'language'),
    byStatus: rows(1, 'status'),
  };
}

/** The fields of a download or view record a report reads (written by http/transferLog.ts, collection `Downloads`). */
interface DownloadRecord extends Doc {
  kind: 'download' | 'view';
  user: string;
  userName: string;
  asset?: string;
  project?: string;
  file?: string;
  preview?: string;
  workRequest?: string;
  requests?: number;
}

/** Groups keyed (first key, kind) as downloads and views per first key. */
function tallyKinds(groups: AggregateGroup[]): Map<string, { downloads: number; views: number }> {
  const out = new Map<string, { downloads: number; views: number }>();
  for (const g of groups) {
    const k = key(g, 0) ?? '';
    const e = out.get(k) ?? { downloads: 0, views: 0 };
    if (g.keys[1] === 'download') e.downloads += g.count;
    else e.views += g.count;
    out.set(k, e);
  }
  return out;
}

/**
 * The filters of a report over records other than orders (downloads, feedback): the scope, the range on the record's
 * `created`, its studio and project; `unrecorded` filters are a 400 (`what` is not recorded by them).
 */
function recordFilters(
  ctx: ReportContext,
  scope: Filter[],
  range: ReportRange,
  what: string,
  unrecorded: readonly ('language' | 'territory' | 'group' | 'vendor')[],
): Filter[] {
  for (const field of unrecorded) {
    if (ctx.query[field] !== undefined) throw invalid(`${field}: ${what} not recorded by ${field}`);
  }
  const filters: Filter[] = [
    ...scope,
    { field: 'created', op: 'gte', value: range.start },
    { field: 'created', op: 'lt', value: range.end },
  ];
  if (ctx.query.studio !== undefined) filters.push({ field: 'studio', op: 'eq', value: ctx.query.studio });
  if (ctx.query.project !== undefined) filters.push({ field: 'project', op: 'eq', value: ctx.query.project });
  return filters;
}

/** Downloads: who downloaded or viewed what, when — by person and kind, over time, and the latest records. */
async function downloadsReport(ctx: ReportContext, scope: Filter[], range: ReportRange) {
  const filters = recordFilters(ctx, scope, range, 'downloads are', ['language', 'territory', 'vendor']);
  if (ctx.query.group !== undefined) filters.push({ field: 'groups', op: 'contains', value: [ctx.query.group] });
  const by = ctx.query.by ?? 'month';
  const [people, periods, latest] = await Promise.all([
    ctx.store.aggregate('Downloads', { filters, groupBy: ['user', 'kind'] }),
    ctx.store.aggregate('Downloads', { filters, groupBy: [{ field: 'created', bucket: by }, 'kind'] }),
    ctx.store.list<DownloadRecord>('Downloads', {
      filters,
      sort: { field: 'created', dir: 'desc' },
      offset: 0,
      limit: REPORT_LIST_LIMIT,
    }),
  ]);
  const perUser = new Map([...tallyKinds(people)].map(([user, t]) => [user, { user, ...t }]));
  const perPeriod = new Map([...tallyKinds(periods)].map(([period, t]) => [period, { period, ...t }]));
  const names = new Map(latest.items.map((d) => [d.user, d.userName]));
  const missing = [...perUser.keys()].filter((u) => !names.has(u));
  for (const u of await ctx.store.getMany('Users', missing))
    names.set(u.doc._id, typeof u.doc.name === 'string' ? u.doc.name : '');
  const total = (k: 'downloads' | 'views') => [...perUser.values()].reduce((n, e) => n + e[k], 0);
  return {
    by,
    totals: { downloads: total('downloads'), views: total('views'), people: perUser.size },
    byPerson: [...perUser.values()]
      .map((e) => ({ ...e, name: names.get(e.user) ?? '' }))
      .sort((a, b) => b.downloads + b.views - (a.downloads + a.views)),
    periods: [...perPeriod.values()].sort((a, b) => a.period.localeCompare(b.period)),
    latest: latest.items.map((d) => ({
      kind: d.kind,
      user: d.user,
      name: d.userName ?? '',
      asset: d.asset ?? null,
      project: d.project ?? null,
      file: d.file ?? null,
      preview: d.preview ?? null,
      // A delivered file's download names its order (docs/API.md "Deliveries").
      workRequest: d.workRequest ?? null,
      when: d.created,
      requests: d.requests ?? 1,
    })),
  };
}

/** Of the feedback given in the range, at most this many of the latest are read for the answers' tallies. */
export const FEEDBACK_ANSWERS_READ = 2000;

/** A share feedback record as a report reads it (domain/shareFeedback.ts, collection `Sharefeedback`). */
type FeedbackRecord = Pick<FeedbackDoc, 'share' | 'asset' | 'user' | 'userName' | 'territory' | 'vote' | 'answers'> &
  Pick<FeedbackDoc, 'comment' | 'updated'> &
  Doc;

type VoteCounts = { responses: number; up: number; down: number; order: number; noVote: number };
const noVotes = (): VoteCounts => ({ responses: 0, up: 0, down: 0, order: 0, noVote: 0 });

/** Groups keyed (…, vote) tallied per key: responses, and how many voted each way (or not at all). */
function tallyVotes(groups: AggregateGroup[], at: (g: AggregateGroup) => string, voteAt: number) {
  const out = new Map<string, VoteCounts>();
  for (const g of groups) {
    const k = at(g);
    const e = out.get(k) ?? noVotes();
    e.responses += g.count;
    const vote = g.keys[voteAt];
    if (vote === 'up' || vote === 'down' || vote === 'order') e[vote] += g.count;
    else e.noVote += g.count;
    out.set(k, e);
  }
  return out;
}

/** The territory filter names a territory (its `name`, as the other reports' filter) or is a territory's id. */
async function territoryIds(store: StoreOps, value: string): Promise<string[]> {
  const named = await store.list<Doc>('Territories', {
    filters: [{ field: 'name', op: 'eq', value }],
    offset: 0,
    limit: 100,
  });
  return [...named.items.map((t) => t._id), value];
}

/**
 * Share feedback: the recipients' votes per asset, per territory and per asset and territory, over time; the answers
 * to each share's questions (tallied from the latest FEEDBACK_ANSWERS_READ records, the answer says how many); the
 * latest comments. Counted by when feedback was first given (`created`), the range and studio / project / territory.
 */
async function feedbackReport(ctx: ReportContext, scope: Filter[], range: ReportRange) {
  const filters = recordFilters(ctx, scope, range, 'share feedback is', ['language', 'group', 'vendor']);
  if (ctx.query.territory !== undefined)
    filters.push({ field: 'territory', op: 'in', value: await territoryIds(ctx.store, ctx.query.territory) });
  const by = ctx.query.by ?? 'month';
  const [groups, people, latest] = await Promise.all([
    ctx.store.aggregate('Sharefeedback', {
      filters,
      groupBy: ['asset', 'territory', 'vote', { field: 'created', bucket: by }],
    }),
    ctx.store.aggregate('Sharefeedback', { filters, groupBy: ['user'] }),
    ctx.store.list<FeedbackRecord>('Sharefeedback', {
      filters,
      sort: { field: 'created', dir: 'desc' },
      offset: 0,
      limit: FEEDBACK_ANSWERS_READ,
    }),
  ]);
  const byAsset = tallyVotes(groups, (g) => key(g, 0) ?? '', 2);
  const byTerritory = tallyVotes(groups, (g) => key(g, 1) ?? '', 2);
  const pairs = tallyVotes(groups, (g) => `${key(g, 0) ?? ''}\n${key(g, 1) ?? ''}`, 2);
  const periods = tallyVotes(groups, (g) => key(g, 3) ?? '', 2);
  const ranked = [...byAsset.entries()].sort((a, b) => b[1].responses - a[1].responses);
  const shown = ranked.slice(0, REPORT_LIST_LIMIT).map(([id]) => id);
  const shareIds = [...new Set(latest.items.map((r) => r.share))];
  const [assets, territories, shares] = await Promise.all([
    ctx.store.getMany<Doc>('Assets', shown.filter(Boolean)),
    ctx.store.getMany<Doc>('Territories', [...byTerritory.keys()].filter(Boolean)),
    ctx.store.getMany<ShareDoc>('Shares', shareIds),
  ]);
  const nameOf = (docs: { doc: Doc }[]) =>
    new Map(docs.map((d) => [d.doc._id, typeof d.doc.name === 'string' ? d.doc.name : '']));
  const assetNames = nameOf(assets);
  const territoryNames = nameOf(territories);
  const total = [...byAsset.values()].reduce((t, e) => {
    for (const k of Object.keys(t) as (keyof VoteCounts)[]) t[k] += e[k];
    return t;
  }, noVotes());
  return {
    by,
    totals: { ...total, people: people.length, assets: byAsset.size },
    byAsset: ranked
      .slice(0, REPORT_LIST_LIMIT)
      .map(([asset, e]) => ({ asset, name: assetNames.get(asset) ?? '', ...e })),
    byTerritory: [...byTerritory.entries()]
      .map(([territory, e]) => ({ territory: territory || null, name: territoryNames.get(territory) ?? '', ...e }))
      .sort((a, b) => b.responses - a.responses),
    byAssetTerritory: [...pairs.entries()]
      .map(([k, e]) => {
        const [asset, territory] = k.split('\n');
        return {
          asset: asset!,
          name: assetNames.get(asset!) ?? '',
          territory: territory || null,
          territoryName: territoryNames.get(territory!) ?? '',
          ...e,
        };
      })
      .filter((r) => assetNames.has(r.asset) || shown.includes(r.asset))
      .sort((a, b) => b.responses - a.responses),
    periods: [...periods.entries()]
      .map(([period, e]) => ({ period, ...e }))
      .sort((a, b) => a.period.localeCompare(b.period)),
    answers: {
      read: latest.items.length,
      of: total.responses,
      questions: answerTallies(latest.items, new Map(shares.map((s) => [s.doc._id, s.doc]))),
    },
    latest: latest.items
      .filter((r) => r.comment)
      .slice(0, REPORT_LIST_LIMIT)
      .map((r) => ({
        when: r.created,
        user: r.user,
        name: r.userName ?? '',
        asset: r.asset,
        assetName: assetNames.get(r.asset) ?? '',
        territory: r.territory ?? null,
        territoryName: territoryNames.get(r.territory ?? '') ?? '',
        vote: r.vote ?? null,
        comment: r.comment ?? '',
      })),
  };
}

/** Per share and question: how often each answer was given (free text: how many answered). */
function answerTallies(records: readonly FeedbackRecord[], shares: ReadonlyMap<string, ShareDoc>) {
  const out = new Map<
    string,
    { share: string; question: string; text: string; type: string; counts: Map<string, number> }
  >();
  for (const r of records) {
    const questions = shares.get(r.share)?.questions ?? [];
    for (const [id, value] of Object.entries(r.answers ?? {})) {
      const q = questions.find((x) => x._id === id);
      if (!q || value === '') continue;
      const k = `${r.share}:${id}`;
      const e = out.get(k) ?? {
        share: r.share,
        question: id,
        text: q.text,
        type: q.type,
        counts: new Map<string, number>(),
      };
      const answer = q.type === 'text' ? 'answered' : value;
      e.counts.set(answer, (e.counts.get(answer) ?? 0) + 1);
      out.set(k, e);
    }
  }
  return [...out.values()].map(({ counts, ...q }) => ({
    ...q,
    answers: [...counts.entries()].map(([answer, count]) => ({ answer, count })).sort((a, b) => b.count - a.count),
  }));
}

/** Runs a report for the caller: 403 without its flag, 400 on a bad range. */
export async function runReport(name: ReportName, ctx: ReportContext & { store: Store & StoreOps }) {
  const grants = await grantsOf(ctx.caller, ctx.store);
  const scope = reportScope(ctx.caller, grants, REPORT_FLAGS[name]);
  const range = reportRange(ctx.query, ctx.now);
  const head = { report: name, from: range.from, to: range.to };
  if (name === 'downloads') return { ...head, ...(await downloadsReport(ctx, scope, range)) };
  if (name === 'feedback') return { ...head, ...(await feedbackReport(ctx, scope, range)) };
  const filters = [...scope, ...workRequestFilters(ctx.query, range)];
  switch (name) {
    case 'orders':
      return { ...head, ...(await ordersReport(ctx, filters)) };
    case 'volume':
      return { ...head, ...(await volumeReport(ctx, filters)) };
    case 'exceptions':
      return { ...head, ...(await exceptionsReport(ctx, filters)) };
    case 'spending':
      return { ...head, ...(await spendingReport(ctx, filters)) };
    case 'rejections':
      return { ...head, ...(await rejectionsReport(ctx, filters)) };
  }
}
