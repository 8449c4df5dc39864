/**
 * The large benchmark data set: N more work requests on top of the demo set, plus two benchmark translations
 * (3,000 and 1,500 lines) for the translation editor and `PUT /translations/{id}` benchmarks.
 *
 * - Each new work request copies a demo work request's project, asset, language, territory, requester and
 *   translation ids (so `translation` points into the demo's pool of ~400 translations and stays consistent with
 *   the asset and language; no Translations record is made per work request, and that translation's own
 *   `workRequest` keeps pointing at the demo work request). Status, history (1–3 entries), dates (created over
 *   the last two years), instructions and flags are new; recipients are kept for 30%. About 0.5% are
 *   `auto`/`autosubs`. Documents average ~3.5 KB.
 * - The benchmark translations live on two assets of "The Glass Orchard" named BENCH_ASSET_3000 and
 *   BENCH_ASSET_1500 (type featurette, with an English transcription of the same length), each with one
 *   work request (fr-FR / FR, status in-progress) whose `translation` is assigned to the demo translator
 *   (translator@mws.test), about 60% translated. They are made once; later runs find them by asset name.
 * - Exactly `workRequests` work requests are added per call, the two benchmark ones included when this call makes
 *   them (so a first call with N < 2 still adds those two).
 */
import type { Doc, Store, StoreOps } from '../storage/store';
import { Rng } from './random';
import { lineStats, summarize } from '../domain/translations';
import { buildLines, makeTiming, transcriptionDoc } from './lines';
import { INSTRUCTIONS, SCRIPT_INSTRUCTION, STATUS_REASONS } from './vocab';
import { slugify } from '../../src/api/schema/slug';
import {
  DAY,
  DEMO_NOW,
  HISTORY_PATHS,
  WORK_REQUEST_STATUS_COUNTS,
  derivedSeed,
  isEmpty,
  seedDemo,
  workRequestUrls,
  type SeedSummary,
} from './demo';

export const BENCH_ASSET_3000 = 'Benchmark Feature — 3000 lines';
export const BENCH_ASSET_1500 = 'Benchmark Feature — 1500 lines';
export const BENCH_PROJECT = 'The Glass Orchard';
export const BENCH_TRANSLATOR = 'translator@mws.test';

export interface LargeOptions {
  /** How many work requests to add (non-negative integer). */
  workRequests: number;
  /** Work requests per transaction. Default 5,000. */
  batchSize?: number;
  /** Base time (ms or Date); also used for the demo set when the store is empty. Default DEMO_NOW. */
  now?: number | Date;
  onProgress?: (done: number, total: number) => void;
}

export interface BenchmarkIds {
  asset3000: string;
  workRequest3000: string;
  translation3000: string;
  asset1500: string;
  workRequest1500: string;
  translation1500: string;
}

export interface LargeSummary {
  /** Present when the store was empty and the demo set was seeded first. */
  demo?: SeedSummary;
  added: number;
  totalWorkRequests: number;
  benchmark: BenchmarkIds;
  ms: number;
}

type D = Doc;
type Summary = { _id: string; name?: string; emailNormal?: string; groups?: unknown[] };
interface HistoryEntry {
  date: number;
  user: Summary;
  status: string;
  reason: string;
}

const STATUSES = Object.keys(WORK_REQUEST_STATUS_COUNTS);
const STATUS_WEIGHTS = STATUSES.map((s) => WORK_REQUEST_STATUS_COUNTS[s]!);
const SHORT_INSTRUCTIONS = INSTRUCTIONS.filter((_, i) => i !== SCRIPT_INSTRUCTION);

async function findOne(
  store: StoreOps,
  collection: 'Assets' | 'Users' | 'Projects',
  field: string,
  value: string,
): Promise<D | undefined> {
  return (await store.list(collection, { filters: [{ field, op: 'eq', value }], offset: 0, limit: 1 })).items[0];
}

async function summaryOf(store: StoreOps, user: D): Promise<Summary> {
  const ids = (user.groups ?? []) as string[];
  const found = new Map((await store.getMany('Groups', ids)).map((g) => [g.doc._id, g.doc]));
  const groups = ids
    .map((id) => found.get(id))
    .filter((g): g is D => g !== undefined)
    .map((g) => ({ _id: g._id, name: g.name }));
  return { _id: user._id, name: user.name as string, emailNormal: user.emailNormal as string, groups };
}

/** Finds or makes the two benchmark assets, work requests and translations. Returns their ids and how many work requests were made. */
async function ensureBenchmark(
  store: StoreOps,
  rng: Rng,
  now: number,
  templates: D[],
): Promise<{ ids: BenchmarkIds; made: number }> {
  const out: Partial<BenchmarkIds> = {};
  let made = 0;
  const translatorUser = await findOne(store, 'Users', 'username', BENCH_TRANSLATOR);
  const template =
    templates.find(
      (t) =>
        (t.project as { name?: string }).name === BENCH_PROJECT &&
        (t.asset as { mediaType?: string }).mediaType === 'video',
    ) ??
    templates.find((t) => (t.asset as { mediaType?: string }).mediaType === 'video') ??
    templates[0]!;
  for (const [lines, name] of [
    [3000, BENCH_ASSET_3000],
    [1500, BENCH_ASSET_1500],
  ] as const) {
    const key = lines === 3000 ? '3000' : '1500';
    const existing = await findOne(store, 'Assets', 'name', name);
    if (existing) {
      const wr = (
        await store.list('Workrequests', {
          filters: [{ field: 'asset', op: 'eq', value: existing._id }],
          offset: 0,
          limit: 1,
        })
      ).items[0];
      out[`asset${key}`] = existing._id;
      out[`workRequest${key}`] = wr?._id ?? '';
      out[`translation${key}`] = (wr?.translation as string | undefined) ?? '';
      continue;
    }
    const tAsset = template.asset as Record<string, unknown> & { _id: string };
    const sourceAsset = (await store.get('Assets', tAsset._id))?.doc ?? {};
    const created = now - 30 * DAY;
    const assetId = rng.id(created);
    const timing = makeTiming(rng, lines, 'dialogue');
    const transcriptionId = rng.id(created + 60);
    const translationId = rng.id(created + 120);
    const wrId = rng.id(created + 120);
    const slug = slugify(name);
    await store.insert(
      'Translations',
      transcriptionDoc(rng, timing, { _id: transcriptionId, created: created + 60, asset: assetId }),
    );
    await store.insert('Assets', {
      ...sourceAsset,
      _id: assetId,
      created,
      name,
      slug,
      type: 'featurette',
      mediaType: 'video',
      previews: [],
      importName: `BENCHMARK_FEATURE_${lines}`,
      transcription: { dialogue: transcriptionId },
    });
    const translator = translatorUser ? await summaryOf(store, translatorUser) : (template.from as Summary);
    const translated = buildLines(rng, timing, { textKey: 'fr', progress: 0.6, machine: false, tooLong: 0.01 });
    const t = {
      _id: translationId,
      created: created + 120,
      asset: assetId,
      workRequest: wrId,
      language: 'fr-FR',
      status: 'incomplete',
      kind: 'dialogue',
      translator,
      lines: translated,
      ...lineStats(translated),
      printLines: [],
      approval: false,
    };
    await store.insert('Translations', t);
    const from = template.from as Summary;
    const history: HistoryEntry[] = [
      { date: created + 120, user: from, status: 'incomplete', reason: 'Benchmark order' },
      { date: created + DAY, user: from, status: 'submitted', reason: 'Submitted for the benchmark' },
      { date: created + 2 * DAY, user: translator, status: 'in-progress', reason: 'Translator started' },
    ];
    await store.insert('Workrequests', {
      ...template,
      _id: wrId,
      created: created + 120,
      asset: { ...tAsset, _id: assetId, name, slug, type: 'featurette', transcription: { dialogue: transcriptionId } },
      assetType: 'featurette',
      assetCategory: 'home-entertainment',
      auto: false,
      autosubs: false,
      autoMode: false,
      language: 'fr-FR',
      territory: 'FR',
      status: 'in-progress',
      reason: 'Translator started',
      history,
      rejections: [],
      due: { date: now + 30 * DAY, tz: 'Europe/Paris' },
      deliveryDeadline: { date: now + 35 * DAY, tz: 'Europe/Paris' },
      instructions: `Benchmark translation with ${lines} lines.`,
      translation: translationId,
      graphicsTranslation: undefined,
      translationSummary: summarize(t),
      graphicsTranslationSummary: undefined,
      urls: workRequestUrls(null),
      tags: ['benchmark'],
    });
    made++;
    out[`asset${key}`] = assetId;
    out[`workRequest${key}`] = wrId;
    out[`translation${key}`] = translationId;
  }
  return { ids: out as BenchmarkIds, made };
}

/** Adds `workRequests` work requests (and, once, the benchmark translations); seeds the demo set first when empty. */
export async function seedLarge(store: Store, options: LargeOptions): Promise<LargeSummary> {
  const n = options.workRequests;
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`seedLarge: workRequests must be a non-negative integer, got ${n}`);
  const started = performance.now();
  const demo = (await isEmpty(store)) ? await seedDemo(store, { now: options.now }) : undefined;
  const nowMs = options.now instanceof Date ? options.now.getTime() : (options.now ?? DEMO_NOW);
  const now = Math.floor(nowMs / 1000);
  const batchSize = Math.max(1, options.batchSize ?? 5000);
  const existing = await store.count('Workrequests');
  const rng = new Rng(derivedSeed('large', existing, n));

  const templates = (
    await store.list('Workrequests', { offset: 0, limit: 400, sort: { field: 'created', dir: 'asc' } })
  ).items.filter((t) => typeof t.translation === 'string' && t.asset && t.project && t.from);
  if (templates.length === 0) throw new Error('seedLarge: the store has no work requests to copy from');
  // Who acted on which status in the demo history, per studio, to make plausible histories.
  const actors = new Map<string, Summary[]>();
  for (const t of templates) {
    for (const h of (t.history ?? []) as HistoryEntry[]) {
      const key = `${String(t.studio)}|${h.status}`;
      const list = actors.get(key) ?? [];
      if (!list.some((u) => u._id === h.user._id)) list.push(h.user);
      actors.set(key, list);
    }
  }

  const bench = await store.transaction((tx) => ensureBenchmark(tx, rng, now, templates));
  const remaining = Math.max(0, n - bench.made);

  // Creation times ascend over the last two years, so the time-ordered ids (and the `created` index) are appended
  // in order: random-order inserts into those B-trees made 100,000 work requests about half as fast again.
  const first = now - 730 * DAY;
  const step = (730 * DAY - 3600) / Math.max(1, remaining);
  const makeOne = (k: number): D => {
    const t = rng.pick(templates);
    const status = rng.weighted(STATUSES, STATUS_WEIGHTS);
    const created = first + Math.floor((k + rng.next()) * step);
    const open = !['complete', 'cancelled', 'rejected', 'approved'].includes(status);
    let due = open ? now + rng.int(-30 * DAY, 150 * DAY) : created + rng.int(7 * DAY, 90 * DAY);
    if (due < created + 3 * DAY) due = created + rng.int(3, 30) * DAY;
    due -= due % 3600;
    const path = rng.pick(HISTORY_PATHS[status]!);
    // Compact histories: the first entry and the current status, sometimes the step before it.
    const statuses =
      path.length <= 2
        ? path
        : rng.chance(0.3)
          ? [path[0]!, path[path.length - 2]!, path[path.length - 1]!]
          : [path[0]!, path[path.length - 1]!];
    const from = t.from as Summary;
    const end = Math.min(now, Math.max(created + 3600, open ? now : due));
    const history: HistoryEntry[] = statuses.map((s, k) => {
      const pool = actors.get(`${String(t.studio)}|${s}`);
      const user = k === 0 || !pool ? from : rng.pick(pool);
      const date = k === 0 ? created : created + Math.round(((end - created) * k) / statuses.length);
      return { date, user, status: s, reason: rng.pick(STATUS_REASONS[s]!) };
    });
    const last = history[history.length - 1]!;
    const automated = rng.chance(0.005);
    const tz = (t.due as { tz?: string } | undefined)?.tz ?? 'Europe/London';
    return {
      ...t,
      _id: rng.id(created),
      created,
      status,
      reason: last.reason,
      history,
      rejections: status === 'rejected' ? [{ reason: last.reason, date: last.date, user: last.user }] : [],
      due: { date: due, tz },
      deliveryDeadline: { date: due + rng.int(1, 10) * DAY, tz },
      instructions: rng.chance(0.7) ? rng.pick(SHORT_INSTRUCTIONS) : '',
      auto: automated,
      autosubs: automated && rng.chance(0.5),
      autoMode: false,
      dualLanguages: false,
      shippingAddresses: [],
      recipients: rng.chance(0.3) ? t.recipients : {},
      tags: rng.chance(0.1) ? ['rush'] : [],
      encodes: [],
      offlines: [],
    };
  };

  let done = 0;
  while (done < remaining) {
    const count = Math.min(batchSize, remaining - done);
    await store.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await tx.insert('Workrequests', makeOne(done + i));
    });
    done += count;
    options.onProgress?.(done + bench.made, n);
  }
  return {
    ...(demo ? { demo } : {}),
    added: done + bench.made,
    totalWorkRequests: await store.count('Workrequests'),
    benchmark: bench.ids,
    ms: Math.round(performance.now() - started),
  };
}
