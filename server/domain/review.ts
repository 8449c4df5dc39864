/**
 * Review (docs/API.md "Review notes", "Verdicts", "Review rounds"): who reviews a work request, notes pinned to a
 * line and a time, their resolution by the translator, the reviewer's verdict with its reason and notes, and the
 * snapshot of the lines kept at each submit.
 */
import type { Doc, Stored, Transaction } from '../storage/store';
import type { Line, Verdict } from '../../src/api/schema/translation';
import type { NoteCategory, NoteResolution } from '../../src/api/schema/comment';
import { isVerdictMove } from '../../src/api/schema/workflow';
import { MAX_ROUNDS, roundKeepsLines } from '../../src/api/schema/round';
import { conflict, forbidden, invalid, notFound } from './errors';
import type { Caller, TranslationDoc, WorkRequestDoc } from './types';
import { rolesOf, userSummaryOf } from './workRequests';

/** A reason, a reply or a suggestion: at most this long (a paragraph). */
export const REVIEW_TEXT_MAX = 2000;
/** A note's time: at most a day into the video (seconds). */
const MAX_TIME_SECONDS = 24 * 3600;

const problem = (path: string, message: string) => invalid(`${path}: ${message}`, [{ path, message }]);

/**
 * Reviewers of a work request: admins, the coordinators of its studio and its requester (the client). They note,
 * see every note, send back and resolve; its translator sees the notes of their job and resolves them.
 */
export function isReviewer(caller: Caller, wr: WorkRequestDoc): boolean {
  return rolesOf(caller, wr).some((r) => r === 'admin' || r === 'coordinator' || r === 'requester');
}

/** Whether the translation is one of the work request's (dialogue or graphics). */
export function isTranslationOf(wr: WorkRequestDoc, translation: string): boolean {
  return wr.translation === translation || wr.graphicsTranslation === translation;
}

export interface NoteInput {
  translation: string;
  line: number;
  time: number;
  category: NoteCategory;
  suggestion?: string;
}

/**
 * The fields of a new note on `wr` (the caller sees it): a 403 unless the caller reviews it, a 400 for a translation
 * not of this work request or a line it does not have. Keeps the line's text (what the reviewer saw) and the round.
 */
export async function noteFields(tx: Transaction, caller: Caller, wr: WorkRequestDoc, input: NoteInput) {
  if (!isReviewer(caller, wr))
    throw forbidden('notes on a translation are its reviewers’: admins, the studio’s coordinators, its requester');
  if (!isTranslationOf(wr, input.translation)) throw problem('translation', 'not a translation of this work request');
  const t = (await tx.get<TranslationDoc>('Translations', input.translation))?.doc;
  if (!t) throw problem('translation', 'not a translation of this work request');
  const line = lineOf(t.lines, input.line);
  if (!line) throw problem('line', `this translation has no line ${input.line}`);
  if (!(input.time >= 0 && input.time <= MAX_TIME_SECONDS))
    throw problem('time', `expected seconds from 0 to ${MAX_TIME_SECONDS}`);
  const suggestion = input.suggestion?.trim();
  return {
    translation: input.translation,
    line: input.line,
    // Milliseconds are enough for any frame rate; more digits are noise.
    time: Math.round(input.time * 1000) / 1000,
    category: input.category,
    ...(suggestion ? { suggestion } : {}),
    lineText: line.text ?? '',
    round: t.rounds ?? 0,
  };
}

function lineOf(lines: readonly Line[] | undefined, number: number): Line | undefined {
  return (lines ?? []).find((l) => l.number === number);
}

/** What answers a note: a reply, a change of its line (`change: true`), or both. */
export interface ResolutionInput {
  reply?: string;
  change?: boolean;
}

/**
 * The resolution of a note: its translator answers while the translation is open for them (not submitted), its
 * reviewers at any time (closing it). A change is the line's text when the note was made and now: a line unchanged
 * since is a 400 (reply instead).
 */
export async function resolutionOf(
  tx: Transaction,
  caller: Caller,
  wr: WorkRequestDoc,
  note: Doc,
  input: ResolutionInput,
  now = Date.now(),
): Promise<NoteResolution> {
  if (typeof note.translation !== 'string') throw problem('comment', 'only a review note is resolved');
  const t = (await tx.get<TranslationDoc>('Translations', note.translation))?.doc;
  if (!t) throw notFound('translation');
  const reviewer = isReviewer(caller, wr);
  const translator = t.translator?._id === caller.id;
  if (!reviewer && !translator) throw forbidden('a note is resolved by its translation’s translator or reviewers');
  if (!reviewer && t.status === 'submitted')
    throw conflict('status: this translation is submitted: its notes are answered when it is sent back to you');
  const reply = input.reply?.trim();
  if (reply !== undefined && reply.length > REVIEW_TEXT_MAX)
    throw problem('reply', `at most ${REVIEW_TEXT_MAX} characters`);
  if (!reply && input.change !== true) throw problem('body', 'give a reply, or "change": true for a changed line');
  const resolution: NoteResolution = { user: userSummaryOf(caller), date: Math.floor(now / 1000) };
  if (reply) resolution.reply = reply;
  if (input.change === true) {
    const line = lineOf(t.lines, note.line as number);
    const before = typeof note.lineText === 'string' ? note.lineText : '';
    if (!line) throw problem('change', `line ${String(note.line)} is no longer in the translation: reply instead`);
    if ((line.text ?? '') === before)
      throw problem('change', `line ${String(note.line)} is unchanged since the note: change it, or reply`);
    resolution.change = { before, after: line.text ?? '' };
  }
  return resolution;
}

/**
 * The verdict of a send back or rejection: its reason (required, non-blank) and the notes to address, each a note
 * on this work request (400 naming the first that is not).
 */
export async function verdictOf(
  tx: Transaction,
  caller: Caller,
  wr: WorkRequestDoc,
  reason: unknown,
  notes: unknown,
  now = Date.now(),
): Promise<Verdict> {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text === '') throw problem('reason', 'a send back or rejection says why: give a reason');
  if (text.length > REVIEW_TEXT_MAX) throw problem('reason', `at most ${REVIEW_TEXT_MAX} characters`);
  const ids = notes === undefined || notes === null ? [] : notes;
  if (!Array.isArray(ids) || ids.some((n) => typeof n !== 'string')) throw problem('notes', 'expected note ids');
  for (const id of new Set(ids as string[])) {
    const note = (await tx.get('Comments', id))?.doc;
    if (!note || note.workRequest !== wr._id || typeof note.translation !== 'string')
      throw problem('notes', `${id} is not a review note of this work request`);
  }
  return {
    reason: text,
    notes: [...new Set(ids as string[])],
    date: Math.floor(now / 1000),
    user: userSummaryOf(caller),
  };
}

/** A move that judges a reviewed work request (the contract's rule, schema/workflow.ts). */
export { isVerdictMove };

/**
 * Keeps the lines of a submit as the translation's next round (docs/API.md "Review rounds"): one `Rounds` record,
 * unique per translation and round; then prunes the lines of the rounds the retention rule no longer keeps
 * (pruneRoundLines). Answers the round.
 */
export async function recordRound(
  tx: Transaction,
  caller: Caller,
  t: TranslationDoc,
  now = Date.now(),
): Promise<Stored<Doc>> {
  const round = (t.rounds ?? 0) + 1;
  const made = await tx.insert('Rounds', {
    key: `${t._id}:${round}`,
    translation: t._id,
    workRequest: t.workRequest,
    round,
    date: Math.floor(now / 1000),
    user: userSummaryOf(caller),
    ...(t.submission?.note ? { summary: t.submission.note } : {}),
    lines: (t.lines ?? []).map((l) => ({
      number: l.number,
      startTime: l.startTime,
      stopTime: l.stopTime,
      text: l.text ?? '',
    })),
  });
  await pruneRoundLines(tx, t._id, round);
  return made;
}

/**
 * The retention rule of rounds (docs/decisions/214-rounds-retention.md): the first round and the last
 * ROUND_LINES_KEPT keep their lines; an older one keeps its facts (number, submitter, date, summary) and says
 * `linesPruned`. Run at each submit, in its transaction; a round already pruned is left alone, so it is idempotent.
 */
export async function pruneRoundLines(tx: Transaction, translation: string, last: number): Promise<number> {
  const page = await tx.list<Doc>('Rounds', {
    filters: [{ field: 'translation', op: 'eq', value: translation }],
    sort: { field: 'round', dir: 'asc' },
    omit: ['lines'],
    offset: 0,
    limit: MAX_ROUNDS,
  });
  let pruned = 0;
  for (const r of page.items) {
    if (r.linesPruned === true || roundKeepsLines(Number(r.round), last)) continue;
    const found = await tx.get<Doc>('Rounds', r._id, { forUpdate: true });
    if (!found) continue;
    const { lines: _lines, ...rest } = found.doc;
    await tx.replace('Rounds', { ...rest, linesPruned: true }, found.version);
    pruned += 1;
  }
  return pruned;
}
