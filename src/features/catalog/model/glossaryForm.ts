/**
 * The glossary term form <-> record (docs/API.md "Glossary"). Pure. Forbidden variants are typed one per line (a
 * variant may hold a comma); the scope is a studio, or one of its projects.
 */
import {
  GLOSSARY_FORBIDDEN_MAX,
  GLOSSARY_NOTES_MAX,
  GLOSSARY_TERM_MAX,
  type GlossaryTerm,
} from '../../../api/schema/glossary';
import type { FieldErrors } from '../../../components/serverErrors';
import { withoutComputed } from './forms';

export interface GlossaryForm {
  studio: string;
  /** '' for the studio's own term. */
  project: string;
  language: string;
  source: string;
  translation: string;
  notes: string;
  /** One variant per line. */
  forbidden: string;
  caseSensitive: boolean;
}

export function termToForm(t: GlossaryTerm): GlossaryForm {
  return {
    studio: t.studio ?? '',
    project: t.project ?? '',
    language: t.language ?? '',
    source: t.source ?? '',
    translation: t.translation ?? '',
    notes: t.notes ?? '',
    forbidden: (t.forbidden ?? []).join('\n'),
    caseSensitive: t.caseSensitive ?? false,
  };
}

/** The variants as typed: trimmed, empty lines dropped, repeats (as the term compares them) dropped. */
export function forbiddenList(text: string, caseSensitive: boolean): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split('\n')) {
    const v = raw.trim();
    const key = caseSensitive ? v : v.toLowerCase();
    if (v && !seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  }
  return out;
}

/** The body to send: the record's other fields kept; an emptied project or notes the record had is removed. */
export function formToTerm(base: GlossaryTerm, f: GlossaryForm): GlossaryTerm {
  const out = withoutComputed({ ...base }) as Record<string, unknown>;
  delete out._id;
  if (f.project) {
    out.project = f.project;
    delete out.studio; // the project's studio (the server sets it)
  } else {
    out.studio = f.studio;
    if ('project' in out) out.project = null;
  }
  out.language = f.language.trim();
  out.source = f.source.trim();
  out.translation = f.translation.trim();
  if (f.notes.trim()) out.notes = f.notes.trim();
  else if ('notes' in out) out.notes = null;
  out.forbidden = forbiddenList(f.forbidden, f.caseSensitive);
  out.caseSensitive = f.caseSensitive;
  return out;
}

export function validateGlossaryTerm(f: GlossaryForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!f.studio && !f.project) errors.studio = 'Choose a studio.';
  if (!f.language) errors.language = 'Choose the target language.';
  for (const [key, label] of [
    ['source', 'Source term'],
    ['translation', 'Approved translation'],
  ] as const) {
    if (f[key].trim() === '') errors[key] = `${label} is required.`;
    else if (f[key].trim().length > GLOSSARY_TERM_MAX) errors[key] = `At most ${GLOSSARY_TERM_MAX} characters.`;
  }
  if (f.notes.trim().length > GLOSSARY_NOTES_MAX) errors.notes = `At most ${GLOSSARY_NOTES_MAX} characters.`;
  const variants = forbiddenList(f.forbidden, f.caseSensitive);
  const same = (a: string, b: string) => (f.caseSensitive ? a === b : a.toLowerCase() === b.toLowerCase());
  if (variants.length > GLOSSARY_FORBIDDEN_MAX) errors.forbidden = `At most ${GLOSSARY_FORBIDDEN_MAX} variants.`;
  else if (variants.some((v) => v.length > GLOSSARY_TERM_MAX))
    errors.forbidden = `A variant has at most ${GLOSSARY_TERM_MAX} characters.`;
  else if (f.translation.trim() && variants.some((v) => same(v, f.translation.trim())))
    errors.forbidden = 'The approved translation cannot also be forbidden.';
  return errors;
}
