/**
 * Translation memory (docs/API.md, "Translation memory"): an approved translation feeds its studio's memory for
 * its language pair (the transcription's language -> the translation's), one segment per line that translates one
 * original line; a lookup answers exact matches for many lines at once and similar ones (FUZZY_MIN and up) for a
 * few. The store keeps and indexes segments (storage/memory.ts); what is equal or alike is memoryText.ts's.
 */
import type { MemoryScope, MemorySegment, TranslationMemory } from '../storage/memory';
import type { Store, StoreOps } from '../storage/store';
import type { Line } from '../../src/api/schema/translation';
import { TIMECODE } from '../../src/api/schema/translation';
import { MEMORY_LIMITS, type MemoryMatch } from '../../src/api/schema/memory';

import type { TranslationDoc } from './types';
import { LINE_FIELDS } from './translations';
import { exactKey, fuzzyText, FUZZY_MIN, lineSized, similarity } from './memoryText';
import { timeSlicer, type Turn } from './timeSlices';

/** Candidates the trigram index hands over per similar lookup, before the similarity is measured. */
export const FUZZY_CANDIDATES = 40;
/** A line and an original pair up when their times overlap by this share of the span they cover together. */
const SAME_SPAN = 0.8;

/** Milliseconds of a contract timecode (`HH:MM:SS,mmm`), undefined when malformed or absent. */
function msOf(timecode: string | undefined): number | undefined {
  if (timecode === undefined || !TIMECODE.test(timecode)) return undefined;
  const [h, m, rest] = timecode.split(':') as [string, string, string];
  const [s, ms] = rest.split(',') as [string, string];
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
}

interface Span {
  start: number;
  stop: number;
  line: Line;
}

function spanOf(line: Line): Span | undefined {
  const start = msOf(line.startTime);
  const stop = msOf(line.stopTime);
  return start !== undefined && stop !== undefined && stop > start ? { start, stop, line } : undefined;
}

/**
 * The original line each translated line translates: the one covering the same span (overlap at least SAME_SPAN of
 * their union), so split and merged lines, which translate part of an original or two, feed nothing; lines without
 * timings pair by number. Answers [translated line, original line] pairs.
 */
export function pairLines(lines: readonly Line[], originals: readonly Line[]): [Line, Line][] {
  const spans = originals.map(spanOf).filter((s): s is Span => s !== undefined);
  spans.sort((a, b) => a.start - b.start);
  const byNumber = new Map(originals.filter((o) => o.number !== undefined).map((o) => [o.number!, o]));
  const pairs: [Line, Line][] = [];
  for (const line of lines) {
    const span = spanOf(line);
    if (!span) {
      const original = line.number !== undefined ? byNumber.get(line.number) : undefined;
      if (original && !spanOf(original)) pairs.push([line, original]);
      continue;
    }
    // The first original starting at or after this line's stop; the match is among the few before it.
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]!.start < span.stop) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0 && i >= lo - 4; i--) {
      const o = spans[i]!;
      const overlap = Math.min(o.stop, span.stop) - Math.max(o.start, span.start);
      const union = Math.max(o.stop, span.stop) - Math.min(o.start, span.start);
      if (overlap >= SAME_SPAN * union) {
        pairs.push([line, o.line]);
        break;
      }
    }
  }
  return pairs;
}

/**
 * The segments an approved translation's lines make (empty sides, over-long originals and translations out of
 * proportion to their original — `lineSized` — left out; no repeats).
 */
export function segmentsOf(
  lines: readonly Line[],
  originals: readonly Line[],
  scope: MemoryScope,
  origin: { translation: string; workRequest: string; approved: number },
): MemorySegment[] {
  const seen = new Set<string>();
  const segments: MemorySegment[] = [];
  for (const [line, original] of pairLines(lines, originals)) {
    const text = line.text ?? '';
    const source = original.text ?? '';
    const key = exactKey(source);
    if (key === '' || text.trim() === '' || source.length > MEMORY_LIMITS.textLength) continue;
    if (!lineSized(source, text)) continue;
    const id = `${key}\u0000${text}`;
    if (seen.has(id)) continue;
    seen.add(id);
    segments.push({ ...scope, ...origin, original: source, text, key, fuzzy: fuzzyText(source) });
  }
  return segments;
}

/** Reads a transcription (by id): with or without its lines, cached per call site as it likes. */
type TranscriptionReader = (id: string) => Promise<TranslationDoc | undefined>;

/**
 * Where a translation's memory is: its asset's studio, the language of the asset's transcription of its track, its
 * own language; with the transcription as `read` gives it. Undefined when any is missing (a transcription itself
 * has none).
 */
async function placeOf(
  ops: StoreOps,
  t: TranslationDoc,
  read: TranscriptionReader,
): Promise<{ scope: MemoryScope; transcription: TranslationDoc } | undefined> {
  if (!t.workRequest || !t.asset || !t.language) return undefined;
  const asset = (await ops.get('Assets', t.asset))?.doc as
    { studio?: unknown; transcription?: { dialogue?: unknown; graphics?: unknown } } | undefined;
  const id = asset?.transcription?.[t.kind === 'graphics' ? 'graphics' : 'dialogue'];
  if (typeof asset?.studio !== 'string' || typeof id !== 'string') return undefined;
  const transcription = await read(id);
  if (!transcription?.language) return undefined;
  return { scope: { studio: asset.studio, source: transcription.language, target: t.language }, transcription };
}

/** The memory of a translation (its scope), for a lookup: the transcription is read without its lines. */
export async function memoryPlaceOf(ops: StoreOps, t: TranslationDoc): Promise<MemoryScope | undefined> {
  const read = async (id: string) => (await ops.get<TranslationDoc>('Translations', id, { omit: LINE_FIELDS }))?.doc;
  return (await placeOf(ops, t, read))?.scope;
}

/**
 * Feeds the memory with an approved translation (in the approving write's transaction, `tx`): its segments replace
 * any it fed before. Answers how many segments it holds now. `transcriptions` caches the transcriptions read (the
 * seed's backfill reads each once for all its translations).
 */
export async function rememberTranslation(
  tx: StoreOps,
  translationId: string,
  now = Date.now(),
  transcriptions = new Map<string, Promise<TranslationDoc | undefined>>(),
): Promise<number> {
  const t = (await tx.get<TranslationDoc>('Translations', translationId))?.doc;
  const read = (id: string) => {
    let found = transcriptions.get(id);
    if (!found) {
      found = tx.get<TranslationDoc>('Translations', id).then((s) => s?.doc);
      transcriptions.set(id, found);
    }
    return found;
  };
  const place = t && (await placeOf(tx, t, read));
  if (!t || !place) return 0;
  const segments = segmentsOf(t.lines ?? [], place.transcription.lines ?? [], place.scope, {
    translation: t._id,
    workRequest: t.workRequest!,
    approved: Math.floor(now / 1000),
  });
  await tx.memory.replace(t._id, segments);
  return segments.length;
}

/** A match as the lookup makes it (every field present). */
export type Offer = Required<
  Pick<MemoryMatch, 'similarity' | 'exact' | 'original' | 'text' | 'translation' | 'workRequest' | 'approved'>
>;

function matchOf(s: MemorySegment, score: number, exact: boolean): Offer {
  return {
    // A match that is not exact never shows 100 %, even when only case or markup differ.
    similarity: exact ? 100 : Math.min(99, Math.floor(score * 100)),
    exact,
    original: s.original,
    text: s.text,
    translation: s.translation,
    workRequest: s.workRequest,
    approved: s.approved,
  };
}

/** Best first; one match per remembered translation of a text (the newest approval of it). */
function distinctBest(matches: Offer[]): Offer[] {
  const seen = new Set<string>();
  return matches
    .sort((a, b) => b.similarity - a.similarity || b.approved - a.approved)
    .filter((m) => {
      const id = `${m.original}\u0000${m.text}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, MEMORY_LIMITS.matches);
}

/**
 * The matches of each text (index into `texts`) in one scope's memory: exact ones in one query for all the texts;
 * with `fuzzy`, similar ones for each text through the trigram index, measured here. The measuring runs in time
 * slices (timeSlices.ts; `turn`: the caller's, fairTurns.ts), so a large lookup never holds the event loop for long, and stops (throws the signal's
 * reason) once `signal` is aborted. The route bounds the work: at most MEMORY_LIMITS.fuzzyTexts texts of
 * MEMORY_LIMITS.fuzzyTextLength characters each, FUZZY_CANDIDATES candidates measured per text.
 */
export async function lookUp(
  memory: TranslationMemory,
  scope: MemoryScope,
  texts: readonly string[],
  fuzzy: boolean,
  signal?: AbortSignal,
  turn?: Turn,
): Promise<{ index: number; matches: Offer[] }[]> {
  const pause = timeSlicer(signal, undefined, turn);
  const keys = texts.map(exactKey);
  const byKey = new Map<string, MemorySegment[]>();
  for (const s of await memory.exact(
    scope,
    keys.filter((k) => k !== ''),
  )) {
    const list = byKey.get(s.key) ?? [];
    list.push(s);
    byKey.set(s.key, list);
  }
  const results: { index: number; matches: Offer[] }[] = [];
  for (const [index, key] of keys.entries()) {
    // Segments fed before the line-sized rule may still be stored: they are never offered (docs/API.md).
    const matches = (byKey.get(key) ?? []).filter((s) => lineSized(s.original, s.text)).map((s) => matchOf(s, 1, true));
    if (fuzzy && key !== '') {
      const wanted = fuzzyText(texts[index]!);
      await pause();
      for (const s of await memory.similar(scope, wanted, FUZZY_CANDIDATES)) {
        await pause();
        if (s.key === key || !lineSized(s.original, s.text)) continue;
        const score = similarity(wanted, s.fuzzy, FUZZY_MIN);
        if (score !== undefined) matches.push(matchOf(s, score, false));
      }
    }
    if (matches.length > 0) results.push({ index, matches: distinctBest(matches) });
  }
  return results;
}

/**
 * Feeds the memory with every approved translation of the store (the demo seed's, which were stored approved
 * rather than moved there), in one transaction, each transcription read once. Answers the segments written.
 */
export async function rememberApproved(store: Store, now = Date.now()): Promise<number> {
  const { items } = await store.list<TranslationDoc>('Translations', {
    filters: [{ field: 'workRequest', op: 'gt', value: '' }],
    omit: LINE_FIELDS,
    offset: 0,
    limit: 1_000_000,
  });
  const transcriptions = new Map<string, Promise<TranslationDoc | undefined>>();
  return store.transaction(async (tx) => {
    let written = 0;
    for (const t of items.filter((t) => t.approval === true))
      written += await rememberTranslation(tx, t._id, now, transcriptions);
    return written;
  });
}
