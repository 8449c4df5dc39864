/**
 * Accepted QC problems (docs/API.md "Accepted problems"): a translator says a line's problem by one rule stands, with
 * a reason; the reviewer reads it, and the submit check does not count it. Kept apart from the translation (one
 * record per translation in `Qcacceptances`) so accepting never changes the translation's version under the editor's
 * saves. An acceptance holds while its line keeps the text it was given for (src/api/schema/qc/check.ts).
 */
import { ACCEPTANCE_REASON_MAX } from '../../src/api/schema/qcAcceptance';
import type { Doc, StoreOps } from '../storage/store';
import { newId } from '../storage/store';
import type { AcceptedRef } from '../../src/api/schema/qc/check';
import type { Caller, TranslationDoc } from './types';
import { invalid } from './errors';
import { userSummaryOf } from './workRequests';
import { SHARED_RULES } from '../../src/api/schema/qc/check';

export interface Acceptance extends AcceptedRef {
  reason: string;
  date: number;
  user: ReturnType<typeof userSummaryOf>;
}

export interface QcAcceptancesDoc extends Doc {
  translation: string;
  items: Acceptance[];
}

/** At most this many accepted problems a translation (a feature has some thousands of lines). */
export const MAX_ACCEPTANCES = 20_000;
const RULES: ReadonlySet<string> = new Set([...SHARED_RULES.map((r) => r.id), 'glossary']);

export async function acceptancesOf(tx: StoreOps, translation: string): Promise<QcAcceptancesDoc | undefined> {
  const { items } = await tx.list<QcAcceptancesDoc>('Qcacceptances', {
    filters: [{ field: 'translation', op: 'eq', value: translation }],
    offset: 0,
    limit: 1,
  });
  return items[0];
}

export async function acceptedOf(tx: StoreOps, translation: string): Promise<Acceptance[]> {
  return (await acceptancesOf(tx, translation))?.items ?? [];
}

/** The acceptance a body asks for, checked against the translation's line: 400 naming the field otherwise. */
export function acceptanceOf(body: unknown, t: TranslationDoc, caller: Caller, now = Date.now()): Acceptance {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalid('body: expected {line, rule, reason}');
  const { line, rule, reason, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw invalid(`${unknown}: not a field of an acceptance (line, rule, reason)`);
  if (typeof line !== 'number' || !Number.isInteger(line)) throw invalid('line: expected a line number');
  const found = (t.lines ?? []).find((l) => l.number === line);
  if (!found) throw invalid(`line: the translation has no line ${line}`);
  if (typeof rule !== 'string' || !RULES.has(rule)) throw invalid(`rule: expected one of ${[...RULES].join(', ')}`);
  if (rule === 'empty') throw invalid('rule: an untranslated line is not accepted, it is translated');
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text === '') throw invalid('reason: required: say why the problem stands, for the reviewer');
  if (text.length > ACCEPTANCE_REASON_MAX) throw invalid(`reason: at most ${ACCEPTANCE_REASON_MAX} characters`);
  return {
    line,
    rule,
    text: found.text ?? '',
    reason: text,
    date: Math.floor(now / 1000),
    user: userSummaryOf(caller),
  };
}

/** Stores the translation's acceptances with `change` applied (the record made at the first acceptance). */
export async function changeAcceptances(
  tx: StoreOps,
  translation: string,
  change: (items: Acceptance[]) => Acceptance[],
): Promise<Acceptance[]> {
  const current = await acceptancesOf(tx, translation);
  const items = change(current?.items ?? []);
  if (items.length > MAX_ACCEPTANCES) throw invalid(`at most ${MAX_ACCEPTANCES} accepted problems a translation`);
  if (!current) {
    const now = Date.now();
    await tx.insert('Qcacceptances', { _id: newId(now), created: Math.floor(now / 1000), translation, items });
  } else {
    const found = await tx.get<QcAcceptancesDoc>('Qcacceptances', current._id, { forUpdate: true });
    await tx.replace('Qcacceptances', { ...current, items }, found!.version);
  }
  return items;
}
