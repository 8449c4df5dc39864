/**
 * Translation memory (extension, docs/API.md "Translation memory"): `POST /translations/{id}/memory` asks the
 * memory of the translation's studio and language pair about original lines. Shared by the server (checks the
 * body, shapes the answer) and the app (reads it).
 */
import * as z from 'zod/mini';
import { doc, id, ts } from './common';

export const MEMORY_LIMITS = {
  /** Original texts in one exact lookup (the editor sends every line of a translation at once). */
  texts: 5000,
  /** Original texts in one lookup that also asks for similar matches (the line being edited, a few around it). */
  fuzzyTexts: 20,
  /** Characters of one original text. */
  textLength: 2000,
  /**
   * Characters of one original text in a lookup that asks for similar matches: measuring a similarity costs the
   * text's length times a band a quarter of it wide, so this bounds a lookup's work (a subtitle line is under 100).
   */
  fuzzyTextLength: 500,
  /** Matches answered per text. */
  matches: 3,
} as const;

/** The body: the original texts, and whether similar (not only exact) matches are wanted. */
export const memoryLookup = z.object({
  texts: z
    .array(z.string().check(z.maxLength(MEMORY_LIMITS.textLength)))
    .check(z.minLength(1), z.maxLength(MEMORY_LIMITS.texts)),
  fuzzy: z.optional(z.boolean()),
});
export type MemoryLookup = z.infer<typeof memoryLookup>;

/** One remembered segment offered for a text: how alike (100 only when exact), and where it came from. */
export const memoryMatch = doc({
  similarity: z.int(),
  exact: z.boolean(),
  original: z.string(),
  text: z.string(),
  translation: id,
  workRequest: id,
  approved: ts,
});
export type MemoryMatch = z.infer<typeof memoryMatch>;

export const memoryAnswer = doc({
  /** The language pair looked up (the transcription's language and the translation's); absent when unknown. */
  source: z.string(),
  target: z.string(),
  /** One entry per text that has a match (`index` into the body's `texts`), best match first. */
  results: z.array(doc({ index: z.int(), matches: z.array(memoryMatch) })),
});
export type MemoryAnswer = z.infer<typeof memoryAnswer>;
