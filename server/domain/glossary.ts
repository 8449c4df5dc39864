/**
 * Glossary terms (docs/API.md "Glossary"): what the server derives and checks when a term is written, and which
 * terms apply to a translation (a project's term overrides its studio's term for the same source term).
 */
import type { Doc, StoreOps } from '../storage/store';
import type { Caller } from './types';
import { studioOfScopedRecord } from './recordStudio';
import { invalid } from './errors';

/** A stored term: the record's fields plus what the server derives (never shown). */
export interface GlossaryTermDoc extends Doc {
  studio: string;
  project?: string;
  language: string;
  sourceLanguage: string;
  source: string;
  translation: string;
  notes?: string;
  forbidden: string[];
  caseSensitive: boolean;
  /** The source term folded (`foldTerm`): the list's order and the unique key's last part. */
  folded: string;
  /** `<scope>|<language>|<folded>`: unique (storage/indexes.ts UNIQUE_FIELDS). */
  key: string;
  /** A deleted term stays as a tombstone (the Store has no delete); its key no longer blocks the source term. */
  deleted?: boolean;
}

/** The fields only the server reads: left out of every answer. */
export const SERVER_ONLY_FIELDS = ['folded', 'key', 'deleted'] as const;

/** How source terms are compared for uniqueness and order: NFC, spaces collapsed, lower case (any letter). */
export function foldTerm(term: string): string {
  return term.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** The text as a term stores it: NFC, trimmed, inner whitespace one space. */
function cleanTerm(term: string): string {
  return term.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

export function glossaryKey(studio: string, project: string | undefined, language: string, folded: string): string {
  return `${project ? `project:${project}` : `studio:${studio}`}|${language.toLowerCase()}|${folded}`;
}

function requiredText(value: unknown, field: string): string {
  const text = typeof value === 'string' ? cleanTerm(value) : '';
  if (text === '') throw invalid(`${field}: required, and not only spaces`);
  return text;
}

/**
 * The term as it is stored: texts cleaned, the studio taken from the project (a project's term belongs to its
 * studio), references and the language checked, defaults set, the derived fields made. Throws 400 (bad input) or
 * 403 (a studio the caller does not coordinate).
 */
export async function prepareGlossaryTerm(
  next: Partial<GlossaryTermDoc> & Doc,
  caller: Caller,
  tx: StoreOps,
): Promise<GlossaryTermDoc> {
  const { studio, project } = await studioOfScopedRecord(next, caller, tx);

  const language = requiredText(next.language, 'language');
  const known = await tx.count('Languages', [{ field: 'code', op: 'eq', value: language }]);
  if (known === 0) throw invalid(`language: no language has the code ${language}`);

  const source = requiredText(next.source, 'source');
  const translation = requiredText(next.translation, 'translation');
  const caseSensitive = next.caseSensitive ?? false;
  const same = (a: string, b: string) => (caseSensitive ? a === b : foldTerm(a) === foldTerm(b));
  const forbiddenVariants: string[] = [];
  for (const variant of (next.forbidden ?? []).map(cleanTerm)) {
    if (variant === '' || forbiddenVariants.some((v) => same(v, variant))) continue;
    if (same(variant, translation))
      throw invalid('forbidden: the approved translation cannot also be a forbidden variant');
    forbiddenVariants.push(variant);
  }
  const notes = typeof next.notes === 'string' ? next.notes.trim() : '';
  const folded = foldTerm(source);
  const out: GlossaryTermDoc = {
    ...next,
    studio,
    language,
    sourceLanguage:
      typeof next.sourceLanguage === 'string' && next.sourceLanguage.trim() ? next.sourceLanguage.trim() : 'en',
    source,
    translation,
    forbidden: forbiddenVariants,
    caseSensitive,
    folded,
    key: glossaryKey(studio, project, language, folded),
  };
  if (notes) out.notes = notes;
  else delete out.notes;
  if (project === undefined) delete out.project;
  return out;
}

/**
 * The terms that apply to a translation of one project: the studio's terms, where the project has its own term for
 * the same (folded) source term, the project's instead. In source-term order.
 */
export function effectiveTerms(terms: readonly GlossaryTermDoc[], project: string | undefined): GlossaryTermDoc[] {
  const bySource = new Map<string, GlossaryTermDoc>();
  for (const t of terms) {
    if (t.deleted) continue;
    if (t.project !== undefined && t.project !== project) continue;
    const had = bySource.get(t.folded);
    if (!had || (t.project !== undefined && had.project === undefined)) bySource.set(t.folded, t);
  }
  return [...bySource.values()].sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0));
}
