/**
 * Submitting a translation (docs/API.md, "Submitting a translation"): the translator may leave a note to the
 * reviewer, and a submit with untranslated lines or errors needs a reason. The server counts both: the errors by the
 * shared rules (src/api/schema/qc) against the order's delivery specification, accepted problems left out; only the
 * glossary's errors, which need the editor's glossary matching, are the editor's count. The submission is kept on the translation
 * and told in the work request's history entry of the move it causes.
 */
import type { Line, Submission } from '../../src/api/schema/translation';
import { SHARED_RULES } from '../../src/api/schema/qc/check';
import { invalid } from './errors';
import type { Caller } from './types';
import { userSummaryOf } from './workRequests';

/** A note or reason, at most this long (a paragraph, not a document). */
export const SUBMISSION_TEXT_MAX = 2000;
/** Rules an `errors` count may name, and how long a rule's name may be. */
const MAX_RULES = 40;
const MAX_RULE_NAME = 60;

const FIELDS = new Set(['note', 'reason', 'errors']);
/** The rules the server runs itself (src/api/schema/qc/check.ts). */
const SERVER_RULES: ReadonlySet<string> = new Set(SHARED_RULES.map((r) => r.id));

function problem(path: string, message: string) {
  return invalid(`${path}: ${message}`, [{ path, message }]);
}

function textOf(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw problem(path, 'expected text');
  const text = value.trim();
  if (text.length > SUBMISSION_TEXT_MAX) throw problem(path, `at most ${SUBMISSION_TEXT_MAX} characters`);
  return text === '' ? undefined : text;
}

function errorsOf(value: unknown): Record<string, number> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw problem('submission.errors', 'expected an object of rule: count');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_RULES) throw problem('submission.errors', `at most ${MAX_RULES} rules`);
  const errors: Record<string, number> = {};
  for (const [rule, count] of entries) {
    if (rule.trim() === '' || rule.length > MAX_RULE_NAME)
      throw problem('submission.errors', `a rule's name is 1 to ${MAX_RULE_NAME} characters`);
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
      throw problem(`submission.errors.${rule}`, 'expected a whole number, 0 or more');
    if (count > 0) errors[rule] = count;
  }
  return errors;
}

/** Lines with no text (only spaces count as none): what the reviewer would find untranslated. */
export function untranslatedCount(lines: readonly Line[] | undefined): number {
  return (lines ?? []).filter((l) => (l.text ?? '').trim() === '').length;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 untranslated lines, 2 errors" (or undefined when clean). */
export function blockersOf(s: Pick<Submission, 'untranslated' | 'errors'>): string | undefined {
  const errors = Object.values(s.errors ?? {}).reduce((a, b) => a + b, 0);
  const parts = [
    s.untranslated ? plural(s.untranslated, 'untranslated line', 'untranslated lines') : '',
    errors ? plural(errors, 'error', 'errors') : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * The submission a submit stores, from the body's `submission` (`input`) and the lines being submitted. A 400 for a
 * bad field, and for untranslated lines or errors without a reason.
 */
export function submissionOf(
  input: unknown,
  lines: readonly Line[] | undefined,
  caller: Caller,
  judged: { errors: Record<string, number>; spec: Submission['spec'] },
  now = Date.now(),
): Submission {
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input)))
    throw problem('submission', 'expected an object: {note?, reason?, errors?}');
  const given = (input ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(given).find((k) => !FIELDS.has(k));
  if (unknown !== undefined) throw problem(`submission.${unknown}`, 'not a field a submit sets (note, reason, errors)');
  const note = textOf(given.note, 'submission.note');
  const reason = textOf(given.reason, 'submission.reason');
  const reported = errorsOf(given.errors);
  const errors: Record<string, number> = {};
  // The editor's counts stand only for the rules the server does not run (the glossary's).
  for (const [rule, count] of Object.entries(reported)) if (!SERVER_RULES.has(rule)) errors[rule] = count;
  for (const [rule, count] of Object.entries(judged.errors)) if (count > 0) errors[rule] = count;
  const out: Submission = {
    errors,
    spec: judged.spec,
    untranslated: untranslatedCount(lines),
    date: Math.floor(now / 1000),
    user: userSummaryOf(caller),
  };
  const blockers = blockersOf(out);
  if (blockers !== undefined && reason === undefined)
    throw problem('submission.reason', `required when submitting with ${blockers}: say why, for the reviewer`);
  if (note !== undefined) out.note = note;
  if (reason !== undefined) out.reason = reason;
  return out;
}

/** The history reason of the move a submission causes: "Translation submitted", then what it had and said. */
export function submittedReason(base: string, s: Submission | undefined): string {
  if (!s) return base;
  const blockers = blockersOf(s);
  return [
    base + (blockers ? ` with ${blockers}` : ''),
    s.reason ? `Reason: ${s.reason}` : '',
    s.note ? `Note: ${s.note}` : '',
  ]
    .filter(Boolean)
    .join('. ');
}
