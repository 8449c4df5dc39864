/**
 * Delivery specifications (docs/API.md "Delivery specifications"): what the server checks when a spec is written,
 * who reads them, and which spec applies to an order — the one it names, else the most specific of its studio's.
 */
import type { Doc, StoreOps } from '../storage/store';
import { isRecordId } from '../storage/store';
import type { Caller, GroupDoc, WorkRequestDoc } from './types';
import { studioOfScopedRecord } from './recordStudio';
import { invalid } from './errors';
import { assetFrameRateOf } from './assetFrameRate';
import {
  FALLBACK_LIMITS,
  FALLBACK_SPEC_NAME,
  SPEC_LIMIT_FIELDS,
  type AppliedSpec,
  type SpecLimits,
  profileOfSpec,
} from '../../src/api/schema/deliverySpec';
import { errorsByRule, type AcceptedRef } from '../../src/api/schema/qc/check';
import type { Line } from '../../src/api/schema/translation';

/** A stored spec: the record's fields plus what the server derives (never shown). */
export interface SpecDoc extends Doc, SpecLimits {
  studio: string;
  project?: string;
  client?: string;
  language?: string;
  name: string;
  description?: string;
  /** `<studio>|<name folded>`: a studio's spec names are unique (storage/indexes.ts UNIQUE_FIELDS). */
  key: string;
  /** The name folded: the list's order. */
  folded: string;
  /** A deleted spec stays as a tombstone (the Store has no delete); orders that named it fall back to a match. */
  deleted?: boolean;
}

/** The fields only the server reads: left out of every answer. */
export const SPEC_SERVER_ONLY_FIELDS = ['key', 'folded', 'deleted'] as const;

/** A spec's derived fields: its name folded (NFC, spaces collapsed, lower case) and the studio's unique key. */
export function specKeys(studio: string, name: string): { folded: string; key: string } {
  const folded = name.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
  return { folded, key: `${studio}|${folded}` };
}

/** Studios whose specs the caller reads: every studio one of their groups works for (clients too: they order). */
export function specStudiosOf(caller: Caller): Set<string> {
  return new Set(caller.groups.flatMap((g) => g.studios ?? []));
}

export function canReadSpecsOf(caller: Caller, studio: string): boolean {
  return caller.isAdmin || specStudiosOf(caller).has(studio);
}

/** The primary language of a code: "fr-FR" -> "fr". */
const primary = (code: string) => code.toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * The spec as it is stored: texts cleaned, the studio taken from the project, references checked (project of the
 * studio, client a client group working with the studio, a known language or primary language), the minimum
 * duration below the maximum. Throws 400 (bad input) or 403 (a studio the caller does not coordinate).
 */
export async function prepareSpec(next: Partial<SpecDoc> & Doc, caller: Caller, tx: StoreOps): Promise<SpecDoc> {
  const { studio, project } = await studioOfScopedRecord(next, caller, tx);

  const client = typeof next.client === 'string' ? next.client : undefined;
  if (client !== undefined) {
    const group = isRecordId(client) ? (await tx.get<GroupDoc>('Groups', client))?.doc : undefined;
    if (!group || group.type !== 'client') throw invalid('client: no such client group');
    if (!(group.studios ?? []).includes(studio))
      throw invalid('client: this client group does not work with the studio');
  }
  const language = typeof next.language === 'string' ? next.language.trim() : '';
  if (language !== '') {
    const exact = await tx.count('Languages', [{ field: 'code', op: 'eq', value: language }]);
    if (exact === 0 && !(await knownPrimary(tx, language)))
      throw invalid(`language: no language has the code ${language} (or is a variant of it)`);
  }
  const name = typeof next.name === 'string' ? next.name.normalize('NFC').trim().replace(/\s+/gu, ' ') : '';
  if (name === '') throw invalid('name: required, and not only spaces');
  for (const key of SPEC_LIMIT_FIELDS)
    if (typeof next[key] !== 'number') throw invalid(`${key}: required`, [{ path: key, message: 'required' }]);
  if (next.minDurationMs! >= next.maxDurationMs!)
    throw invalid('minDurationMs: must be below maxDurationMs', [
      { path: 'minDurationMs', message: 'must be below maxDurationMs' },
    ]);
  const description = typeof next.description === 'string' ? next.description.trim() : '';
  const out: SpecDoc = { ...(next as SpecDoc), studio, name, ...specKeys(studio, name) };
  if (description) out.description = description;
  else delete out.description;
  if (language) out.language = language;
  else delete out.language;
  if (project === undefined) delete out.project;
  if (client === undefined) delete out.client;
  return out;
}

async function knownPrimary(tx: StoreOps, language: string): Promise<boolean> {
  if (language.includes('-') || language.includes('_')) return false;
  const { items } = await tx.list<Doc & { code?: string }>('Languages', { offset: 0, limit: 1000 });
  return items.some((l) => typeof l.code === 'string' && primary(l.code) === language.toLowerCase());
}

/** Where an order stands, for choosing its spec. */
export interface SpecPlace {
  studio: string;
  project: string | undefined;
  /** The client groups of the order's requester. */
  clients: ReadonlySet<string>;
  language: string | undefined;
}

/**
 * How specific a spec is for a place, or -1 when it does not apply: each narrowing it has must match, and weighs
 * project 4, client 2, language 1 (an exact code above a primary language) — so a project's spec beats a client's,
 * which beats a language's, and any narrowing beats the studio-wide spec.
 */
export function specificity(spec: SpecDoc, place: SpecPlace): number {
  if (spec.deleted || spec.studio !== place.studio) return -1;
  let score = 0;
  if (spec.project !== undefined) {
    if (spec.project !== place.project) return -1;
    score += 8;
  }
  if (spec.client !== undefined) {
    if (!place.clients.has(spec.client)) return -1;
    score += 4;
  }
  if (spec.language !== undefined) {
    const wanted = (place.language ?? '').toLowerCase();
    const code = spec.language.toLowerCase();
    if (code === wanted) score += 2;
    else if (!code.includes('-') && code === primary(wanted)) score += 1;
    else return -1;
  }
  return score;
}

/** The older spec first (the studio's first spec is its default among equals), then name order. */
const earlier = (a: SpecDoc, b: SpecDoc) => a.created < b.created || (a.created === b.created && a.folded < b.folded);

/** The most specific spec for a place (ties: the oldest), or undefined. */
export function bestSpec(specs: readonly SpecDoc[], place: SpecPlace): SpecDoc | undefined {
  let best: SpecDoc | undefined;
  let bestScore = -1;
  for (const s of specs) {
    const score = specificity(s, place);
    if (score > bestScore || (score === bestScore && score >= 0 && best && earlier(s, best))) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/** Client groups read to find an order's requester's (a deployment has tens). */
const MAX_CLIENT_GROUPS = 1000;

/** The place of an order: its studio, project, language and its requester's client groups. */
export async function specPlaceOf(tx: StoreOps, wr: WorkRequestDoc, language?: string): Promise<SpecPlace> {
  const requester = typeof wr.from === 'object' && wr.from ? (wr.from as { _id?: unknown })._id : wr.from;
  const clients = new Set<string>();
  if (typeof requester === 'string' && isRecordId(requester)) {
    const groups = await tx.list<GroupDoc>('Groups', {
      filters: [{ field: 'type', op: 'eq', value: 'client' }],
      offset: 0,
      limit: MAX_CLIENT_GROUPS,
    });
    for (const g of groups.items) if ((g.users ?? []).includes(requester)) clients.add(g._id);
  }
  return {
    studio: String(wr.studio ?? ''),
    project: (wr.project as { _id?: string } | undefined)?._id,
    clients,
    language: language ?? (typeof wr.language === 'string' ? wr.language : undefined),
  };
}

const MAX_SPECS_PER_STUDIO = 1000;

/** The studio's live specs (a studio has a handful; bounded all the same). */
export async function studioSpecs(tx: StoreOps, studio: string): Promise<SpecDoc[]> {
  const { items } = await tx.list<SpecDoc>('Specs', {
    filters: [
      { field: 'studio', op: 'eq', value: studio },
      { field: 'deleted', op: 'eq', value: 0 },
    ],
    offset: 0,
    limit: MAX_SPECS_PER_STUDIO,
  });
  return items;
}

/** The spec an order is judged by: the one it names (when still live and of its studio), else the best match. */
export async function specForOrder(
  tx: StoreOps,
  wr: WorkRequestDoc,
  language?: string,
): Promise<{ chosen: AppliedSpec['chosen']; spec: SpecDoc | undefined }> {
  const named =
    typeof wr.spec === 'string' && isRecordId(wr.spec) ? await tx.get<SpecDoc>('Specs', wr.spec) : undefined;
  if (named && !named.doc.deleted && named.doc.studio === wr.studio) return { chosen: 'order', spec: named.doc };
  const match = bestSpec(await studioSpecs(tx, String(wr.studio ?? '')), await specPlaceOf(tx, wr, language));
  return match ? { chosen: 'match', spec: match } : { chosen: 'fallback', spec: undefined };
}

/** The built-in limits as a spec record (no id): what applies when a studio has no spec that matches. */
export const FALLBACK_SPEC = Object.freeze({ name: FALLBACK_SPEC_NAME, ...FALLBACK_LIMITS });

/** Why an order of this studio may not name this spec (unknown, deleted, another studio's), or undefined. */
export async function orderSpecProblem(tx: StoreOps, specId: string, studio: string): Promise<string | undefined> {
  const found = isRecordId(specId) ? await tx.get<SpecDoc>('Specs', specId) : undefined;
  if (!found || found.doc.deleted) return 'no such delivery specification';
  if (found.doc.studio !== studio) return "a delivery specification of another studio than the order's";
  return undefined;
}

export async function requireOrderSpec(tx: StoreOps, specId: string, studio: string): Promise<void> {
  const problem = await orderSpecProblem(tx, specId, studio);
  if (problem) throw invalid(`spec: ${problem}`, [{ path: 'spec', message: problem }]);
}

/** A submit's errors per rule by the order's spec, accepted problems left out, and the spec's name. */
export async function judgeSubmission(
  tx: StoreOps,
  wr: WorkRequestDoc,
  language: string | undefined,
  lines: readonly Line[],
  accepted: readonly AcceptedRef[],
): Promise<{ errors: Record<string, number>; spec: { _id?: string; name: string; frameRate: number } }> {
  const { spec } = await specForOrder(tx, wr, language);
  const limits = spec ?? FALLBACK_SPEC;
  // Frame-based limits (the gap) in frames of the asset's one rate, as the editor counts them.
  const { fps } = await assetFrameRateOf(tx, wr.asset);
  const errors = errorsByRule(lines, profileOfSpec(limits, fps), accepted) as Record<string, number>;
  const named = spec ? { _id: spec._id, name: spec.name } : { name: FALLBACK_SPEC.name };
  return { errors, spec: { ...named, frameRate: fps } };
}
