/**
 * Orders (docs/API.md, "Orders"): placing one (`POST /workrequests`), changing it (`PUT /workrequests/{id}`: due
 * date, delivery deadline, instructions, tags, materials checklist, assignee), and who may do which. Each change
 * is a history entry naming what changed; an assignment tells the assignee.
 */
import { isDeepStrictEqual } from 'node:util';
import { newId, type Stored, type Transaction } from '../storage/store';
import type { NotificationBus } from './events';
import type { Caller, GroupDoc, TranslationDoc, UserDoc, WorkRequestDoc } from './types';
import type { OrderChange, OrderField, OrderInput } from '../../src/api/schema/order';
import { ORDER_FIELDS, REQUESTER_EDITS_IN } from '../../src/api/schema/order';
import { orderEstimate } from '../../src/api/schema/estimate';
import { invalid, forbidden } from './errors';
import { inStudioScope, isStudioScoped } from './access';
import { whyNotAssignable } from './assignees';
import { emitWorkRequestEvent } from './events';
import { lineStats, summarize } from './translations';
import { listInWords } from './titles';
import { setTranslationFields, rolesOf, translatorsOf, userSummaryOf } from './workRequests';
import type { Grants } from './grants';
import { ordersAtAll, requireGrantedOrder, requireOrderableAsset } from './grantedActions';
import { checkMaterialFiles } from './materials';
import { allMaterialsIn } from '../../src/api/schema/materials';
import { orderSpecProblem, requireOrderSpec } from './specs';

/** Each order field in words (history reasons, notification titles). */
const FIELD_WORDS: Record<OrderField, string> = {
  due: 'the due date',
  deliveryDeadline: 'the delivery deadline',
  instructions: 'the instructions',
  tags: 'the tags',
  materials: 'the materials checklist',
  assignee: 'the assignee',
  spec: 'the delivery specification',
};

const fieldError = (path: string, message: string) => invalid(`${path}: ${message}`, [{ path, message }]);

type AssigneeSummary = { _id: string; name: string; emailNormal: string; groups: { _id: string; name: string }[] };

/** One change a history entry records (extension field `changes` of a history entry). */
export interface FieldChange {
  field: OrderField;
  from: unknown;
  to: unknown;
}

/**
 * The user to assign, as the translation's `translator` summary: a member of a translator group (a vendor's
 * translators) that works with the studio (`studios` names it), account not disabled (assignees.ts). 400 naming
 * `assignee` otherwise.
 */
async function assigneeSummary(tx: Transaction, userId: string, studio: string | undefined): Promise<AssigneeSummary> {
  const user = /^[0-9a-f]{24}$/.test(userId) ? (await tx.get<UserDoc>('Users', userId))?.doc : undefined;
  if (!user) throw invalid('assignee: no user with this id', [{ path: 'assignee', message: 'no user with this id' }]);
  const groups = (await tx.getMany<GroupDoc>('Groups', user.groups ?? [])).map((g) => g.doc);
  const why = whyNotAssignable(user, groups, studio === undefined ? [] : [studio]);
  if (why) {
    const message = `${user.name ?? user.emailNormal ?? 'this user'} ${why}`;
    throw invalid(`assignee: ${message}`, [{ path: 'assignee', message }]);
  }
  return {
    _id: user._id,
    name: user.name ?? '',
    emailNormal: user.emailNormal ?? '',
    groups: groups.map((g) => ({ _id: g._id, name: g.name })),
  };
}

/** Sets (or, with undefined, removes) the translator of every translation of the work request and its summaries. */
function assignTranslations(
  tx: Transaction,
  wr: WorkRequestDoc,
  translator: AssigneeSummary | undefined,
): Promise<WorkRequestDoc> {
  return setTranslationFields(tx, wr, () => ({ translator }));
}

/** The assignee a work request shows: its (dialogue) translation's translator, as `{_id, name}`, or null. */
function assigneeOf(wr: WorkRequestDoc): { _id: string; name?: string } | null {
  const t = wr.translationSummary?.translator ?? wr.graphicsTranslationSummary?.translator;
  return t?._id ? { _id: t._id, name: t.name } : null;
}

/**
 * Who changes an order: admins and the studio's coordinators every field; the requester, while the order is
 * `incomplete` or `submitted`, every field but the assignee; nobody else (403).
 */
function requireOrderEditor(caller: Caller, wr: WorkRequestDoc, fields: OrderField[]): void {
  const roles = rolesOf(caller, wr);
  if (roles.includes('admin') || roles.includes('coordinator')) return;
  if (!roles.includes('requester')) throw forbidden('only the studio’s coordinators and the requester change an order');
  if (fields.includes('assignee')) throw forbidden('assignee: only the studio’s coordinators assign an order');
  if (!REQUESTER_EDITS_IN.includes(wr.status ?? ''))
    throw forbidden(`the requester changes an order while it is incomplete or submitted; this one is "${wr.status}"`);
}

const normalizeMaterials = (materials: NonNullable<OrderChange['materials']>) =>
  materials.map((m) => ({
    name: m.name,
    complete: m.complete ?? false,
    approved: m.approved ?? false,
    files: m.files ?? [],
  }));

/** Whether the caller acts for the studio (an admin, or one of its coordinators), not as a requester. */
export function isStudioSide(caller: Caller, studio: string | undefined): boolean {
  return caller.isAdmin || (caller.isCoordinator && inStudioScope(caller, studio));
}

/**
 * A requester says which materials arrived (`complete`), never which the studio accepted (`approved`): in their
 * checklist an item keeps the approval stored for the item of the same name, and a new item is not approved.
 */
function approvedByStudio(
  materials: ReturnType<typeof normalizeMaterials>,
  stored: WorkRequestDoc['materials'],
  studioSide: boolean,
): ReturnType<typeof normalizeMaterials> {
  if (studioSide) return materials;
  const approved = new Map((stored ?? []).map((m) => [m.name, m.approved === true]));
  return materials.map((m) => ({ ...m, approved: approved.get(m.name) ?? false }));
}

/**
 * Applies the order fields of a change to a work request (inside the write's transaction): checks who may,
 * resolves the assignee and reassigns the translations, and appends one history entry listing what changed
 * (`changes`: field, from, to). Fields given with their current value are no change. Answers the record and what
 * changed (nothing: the record as it was).
 */
export async function applyOrderChange(
  tx: Transaction,
  caller: Caller,
  wr: WorkRequestDoc,
  change: OrderChange,
  now = Date.now(),
): Promise<{ next: WorkRequestDoc; changes: FieldChange[]; assigned?: string; unassigned?: string }> {
  const given = ORDER_FIELDS.filter((f) => change[f] !== undefined);
  if (given.length === 0) return { next: wr, changes: [] };
  requireOrderEditor(caller, wr, given);
  let next: WorkRequestDoc = { ...wr };
  const changes: FieldChange[] = [];
  let assigned: string | undefined;
  let unassigned: string | undefined;
  for (const field of given) {
    if (field === 'assignee') {
      const before = assigneeOf(wr);
      const to = change.assignee ?? null;
      if ((before?._id ?? null) === to) continue;
      const summary = to === null ? undefined : await assigneeSummary(tx, to, wr.studio);
      if (!wr.translation && !wr.graphicsTranslation)
        throw invalid('assignee: this work request has no translation to assign');
      next = await assignTranslations(tx, next, summary);
      changes.push({ field, from: before, to: summary ? { _id: summary._id, name: summary.name } : null });
      assigned = summary?._id;
      unassigned = before?._id;
      continue;
    }
    if (field === 'spec') {
      const to = change.spec ?? null;
      if ((wr.spec ?? null) === to) continue;
      if (to !== null) await requireOrderSpec(tx, to, String(wr.studio ?? ''));
      changes.push({ field, from: wr.spec ?? null, to });
      next = { ...next };
      if (to === null) delete next.spec;
      else next.spec = to;
      continue;
    }
    const value =
      field === 'materials'
        ? await checkMaterialFiles(
            tx,
            wr,
            approvedByStudio(normalizeMaterials(change.materials!), wr.materials, isStudioSide(caller, wr.studio)),
          )
        : change[field];
    if (isDeepStrictEqual(value, wr[field])) continue;
    changes.push({ field, from: wr[field] ?? null, to: value });
    next = { ...next, [field]: value };
  }
  if (changes.length === 0) return { next: wr, changes };
  if (changes.some((c) => c.field === 'due' || c.field === 'deliveryDeadline')) {
    const dueIsNew = changes.some((c) => c.field === 'due');
    const problems = dateProblems(next.due, next.deliveryDeadline, Math.floor(now / 1000), dueIsNew);
    if (problems.length) throw invalid(`${problems[0]!.path}: ${problems[0]!.message}`, problems);
  }
  const reason = change.status === undefined && change.reason ? change.reason : `Changed ${describeChanges(changes)}`;
  next.history = [
    ...(wr.history ?? []),
    { date: Math.floor(now / 1000), user: userSummaryOf(caller), status: wr.status ?? '', reason, changes },
  ];
  return { next, changes, assigned, unassigned };
}

type ZonedDoc = { date?: number } | null | undefined;

/**
 * The date rules of an order, placed or changed: a new due date lies ahead (an unchanged one may have passed), and the
 * delivery deadline is not before the due date.
 */
function dateProblems(due: ZonedDoc, deadline: ZonedDoc, seconds: number, dueIsNew: boolean) {
  const problems: { path: string; message: string }[] = [];
  if (dueIsNew && due?.date !== undefined && due.date <= seconds)
    problems.push({ path: 'due.date', message: 'the due date is in the past' });
  if (deadline?.date !== undefined && due?.date !== undefined && deadline.date < due.date)
    problems.push({ path: 'deliveryDeadline.date', message: 'the delivery deadline is before the due date' });
  return problems;
}

/** "the due date and the instructions". */
export function describeChanges(changes: readonly FieldChange[]): string {
  return listInWords(changes.map((c) => FIELD_WORDS[c.field]));
}

/**
 * The events of an order change: `wr-changed` to the requester, the coordinators and the translator it has after the
 * change, unless only the assignee changed; `wr-assigned` to the new assignee alone; `wr-unassigned` to the translator
 * the change took off it, whose event embeds only what names the order (they no longer see it: not its instructions,
 * materials or history).
 */
export async function emitOrderChangeEvents(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  saved: WorkRequestDoc,
  changes: readonly FieldChange[],
  assigned: string | undefined,
  unassigned?: string,
): Promise<void> {
  if (changes.some((c) => c.field !== 'assignee'))
    await emitWorkRequestEvent(tx, bus, {
      type: 'wr-changed',
      actor: caller,
      workRequest: saved,
      alsoNotify: translatorsOf(saved),
      changed: changes.map((c) => FIELD_WORDS[c.field]),
    });
  // The last material in: the coordinators (and the requester) are told the order can go on (domain/materials.ts).
  const materials = changes.find((c) => c.field === 'materials');
  if (
    materials &&
    allMaterialsIn(materials.to as WorkRequestDoc['materials']) &&
    !allMaterialsIn(materials.from as WorkRequestDoc['materials'])
  )
    await emitWorkRequestEvent(tx, bus, { type: 'materials-in', actor: caller, workRequest: saved });
  if (assigned)
    await emitWorkRequestEvent(tx, bus, {
      type: 'wr-assigned',
      actor: caller,
      workRequest: saved,
      notifyOnly: [assigned],
    });
  if (unassigned)
    await emitWorkRequestEvent(tx, bus, {
      type: 'wr-unassigned',
      actor: caller,
      workRequest: saved,
      notifyOnly: [unassigned],
      namesOnly: true,
    });
}

// ------------------------------------------------------------------------------------------------ placing an order

/**
 * Who places an order for an asset of a studio: admins; its coordinators; anyone else on a grant that holds
 * `requests` on the asset (grantedActions.ts), translators never.
 */
function requireOrderPlacer(caller: Caller, studio: string | undefined): void {
  if (caller.isAdmin) return;
  if (caller.isCoordinator) {
    if (!inStudioScope(caller, studio)) throw forbidden('asset: you may only place orders in your own studios');
    return;
  }
  // Anyone else orders on a grant holding `requests` (requireGrantedOrder), translators never.
  if (!ordersAtAll(caller)) throw forbidden('translators do not place orders');
}

/** The asset as a work request embeds it: copied from the latest order of the same asset, else made from its record. */
async function embeddedAssetOf(tx: Transaction, asset: Record<string, unknown>): Promise<Record<string, unknown>> {
  const previous = (
    await tx.list<WorkRequestDoc>('Workrequests', {
      filters: [{ field: 'asset', op: 'eq', value: asset._id as string }],
      sort: { field: 'created', dir: 'desc' },
      offset: 0,
      limit: 1,
    })
  ).items[0];
  if (previous?.asset) return previous.asset;
  const thumbId = typeof asset.thumbnail === 'string' ? asset.thumbnail : undefined;
  const thumb = thumbId ? (await tx.get('Files', thumbId))?.doc : undefined;
  const pick = (from: Record<string, unknown> | undefined, keys: string[]) =>
    Object.fromEntries(keys.filter((k) => from?.[k] !== undefined).map((k) => [k, from![k]]));
  return {
    ...pick(asset, [
      '_id',
      'name',
      'slug',
      'type',
      'mediaType',
      'transcription',
      'project',
      'studio',
      'creative',
      'aspectRatio',
      'usage',
    ]),
    ...(thumb
      ? {
          thumbnail: pick(thumb, [
            '_id',
            'verified',
            'embargo',
            'warnings',
            'mime',
            'bucket',
            'tags',
            'chunkSize',
            'length',
            'md5',
            'uploadDate',
          ]),
        }
      : {}),
  };
}

/** The tracks an order makes translations for: dialogue when dialogue or narration is asked, graphics when graphics. */
function tracksOf(
  input: OrderInput,
  transcription: { dialogue?: string; graphics?: string },
): ('dialogue' | 'graphics')[] {
  const wantsDialogue = (input.dng.dialogue?.length ?? 0) + (input.dng.narration?.length ?? 0) > 0;
  const wantsGraphics = (input.dng.graphics?.length ?? 0) > 0;
  const tracks: ('dialogue' | 'graphics')[] = [];
  if (wantsDialogue && transcription.dialogue) tracks.push('dialogue');
  if (wantsGraphics && transcription.graphics) tracks.push('graphics');
  if (tracks.length === 0) tracks.push(transcription.graphics && !transcription.dialogue ? 'graphics' : 'dialogue');
  return tracks;
}

/** A new translation of a track: the transcription's lines, timings kept, text empty (line n matches line n). */
async function newTranslation(
  tx: Transaction,
  kind: 'dialogue' | 'graphics',
  source: string | undefined,
  base: { asset: string; workRequest: string; language: string; created: number; translator?: AssigneeSummary },
): Promise<TranslationDoc> {
  const original = source ? (await tx.get<TranslationDoc>('Translations', source))?.doc : undefined;
  const lines = (original?.lines ?? []).map((l) => ({ ...l, text: '', auto: false, machine: false, custom: false }));
  const doc = {
    _id: newId(),
    created: base.created,
    asset: base.asset,
    workRequest: base.workRequest,
    language: base.language,
    status: 'incomplete',
    kind,
    ...(base.translator ? { translator: base.translator } : {}),
    lines,
    ...lineStats(lines),
    printLines: [],
    approval: false,
  } as TranslationDoc;
  return (await tx.insert<TranslationDoc>('Translations', doc)).doc;
}

/** What the checks of an order resolved: the asset's record, its studio, the assignee's summary. */
export interface CheckedOrder {
  asset: Record<string, unknown>;
  studio: string | undefined;
  translator: AssigneeSummary | undefined;
}

/**
 * The checks of placing an order, nothing written: who may (403), what is asked (asset, language, territory known;
 * at least one of dialogue, narration, graphics; a due date ahead; an assignable assignee: 400 naming each field).
 * `placeOrder` runs them, and so does every row of a batch (orderBatch.ts), its dry run too.
 */
export async function checkOrder(
  tx: Transaction,
  caller: Caller,
  input: OrderInput,
  grants: Grants,
  now = Date.now(),
): Promise<CheckedOrder> {
  if (!/^[0-9a-f]{24}$/.test(input.asset)) throw fieldError('asset', 'expected the id of an asset');
  const asset = (await tx.get('Assets', input.asset))?.doc;
  // Someone who is not staff orders only on a grant holding `requests` (docs/API.md, "Ordering and sharing on a grant").
  requireOrderableAsset(grants, asset);
  if (!asset && isStudioScoped(caller)) throw forbidden('asset: you may only place orders in your own studios');
  if (!asset) throw fieldError('asset', 'no asset with this id');
  const studio = typeof asset.studio === 'string' ? asset.studio : undefined;
  requireOrderPlacer(caller, studio);
  requireGrantedOrder(grants, asset, input.language);
  if (input.assignee !== undefined && !inStudioScope(caller, studio))
    throw forbidden('assignee: only the studio’s coordinators assign an order');

  const problems: { path: string; message: string }[] = [];
  const language = await tx.list('Languages', {
    filters: [{ field: 'code', op: 'eq', value: input.language }],
    offset: 0,
    limit: 1,
  });
  if (language.items.length === 0)
    problems.push({ path: 'language', message: `no language with the code ${input.language}` });
  const territory = await tx.list('Territories', {
    filters: [{ field: 'name', op: 'eq', value: input.territory }],
    offset: 0,
    limit: 1,
  });
  if (territory.items.length === 0) problems.push({ path: 'territory', message: `no territory ${input.territory}` });
  const asked = ['dialogue', 'narration', 'graphics'] as const;
  if (!asked.some((k) => (input.dng[k]?.length ?? 0) > 0))
    problems.push({ path: 'dng', message: 'choose at least one of dialogue, narration, graphics' });
  problems.push(...dateProblems(input.due, input.deliveryDeadline, Math.floor(now / 1000), true));
  const specProblem =
    input.spec === undefined ? undefined : await orderSpecProblem(tx, input.spec, String(studio ?? ''));
  if (specProblem) problems.push({ path: 'spec', message: specProblem });
  if (problems.length) throw invalid(`${problems[0]!.path}: ${problems[0]!.message}`, problems);

  const translator = input.assignee ? await assigneeSummary(tx, input.assignee, studio) : undefined;
  return { asset, studio, translator };
}

/**
 * Places an order (`POST /workrequests`): checks who may and what is asked (asset, language, territory known; at
 * least one of dialogue, narration, graphics; a due date ahead), fills the studio, project and asset snapshot from
 * the asset, the requester from the caller, the first history entry; makes the translations (assigned when an
 * assignee is given), prices it (`estimate`, from their lines: schema/estimate.ts) and emits `wr-created` (requester, coordinators) and `wr-assigned` (the assignee).
 */
export async function placeOrder(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  input: OrderInput,
  grants: Grants,
  now = Date.now(),
): Promise<Stored<WorkRequestDoc>> {
  const seconds = Math.floor(now / 1000);
  const { asset, studio, translator } = await checkOrder(tx, caller, input, grants, now);
  const projectId = typeof asset.project === 'string' ? asset.project : undefined;
  const project = projectId ? (await tx.get('Projects', projectId))?.doc : undefined;
  const embedded = await embeddedAssetOf(tx, asset);
  const id = newId(now);
  const transcription = (asset.transcription ?? {}) as { dialogue?: string; graphics?: string };
  const made: Partial<Record<'dialogue' | 'graphics', TranslationDoc>> = {};
  for (const kind of tracksOf(input, transcription))
    made[kind] = await newTranslation(tx, kind, transcription[kind], {
      asset: input.asset,
      workRequest: id,
      language: input.language,
      created: seconds,
      translator,
    });
  const [main, graphics] = made.dialogue ? [made.dialogue, made.graphics] : [made.graphics, undefined];
  const lineCount = [main, graphics].reduce((sum, t) => sum + (t?.lineCount ?? 0), 0);
  const status = input.status ?? 'submitted';
  const { assignee: _assignee, reason, status: _status, materials, ...fields } = input;
  const doc = {
    ...fields,
    _id: id,
    created: seconds,
    studio,
    project: project
      ? { _id: project._id, name: project.name, slug: project.slug, studio: project.studio, logo: project.logo }
      : undefined,
    asset: embedded,
    assetType: asset.type,
    aspectRatio: embedded.aspectRatio,
    from: userSummaryOf(caller),
    status,
    reason: reason ?? 'Order placed',
    history: [{ date: seconds, user: userSummaryOf(caller), status, reason: reason ?? 'Order placed' }],
    instructions: input.instructions ?? '',
    tags: input.tags ?? [],
    materials: materials ? approvedByStudio(normalizeMaterials(materials), [], isStudioSide(caller, studio)) : [],
    uses: input.uses ?? { items: [], details: {} },
    recipients: input.recipients ?? {},
    rejections: [],
    encodes: [],
    offlines: [],
    graphicsAutomationJobs: [],
    files: [],
    shippingAddresses: [],
    audioFile: null,
    estimate: orderEstimate(lineCount),
    ...(main ? { translation: main._id, translationSummary: summarize(main) } : {}),
    ...(graphics ? { graphicsTranslation: graphics._id, graphicsTranslationSummary: summarize(graphics) } : {}),
  } as WorkRequestDoc;
  const saved = await tx.insert<WorkRequestDoc>('Workrequests', JSON.parse(JSON.stringify(doc)) as WorkRequestDoc);
  await emitWorkRequestEvent(tx, bus, { type: 'wr-created', actor: caller, workRequest: saved.doc, now });
  if (translator)
    await emitWorkRequestEvent(tx, bus, {
      type: 'wr-assigned',
      actor: caller,
      workRequest: saved.doc,
      notifyOnly: [translator._id],
      now,
    });
  return saved;
}
