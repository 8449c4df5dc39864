/** Translation rules shared by routes and seed. */

/** The fields of a translation that list items leave out: they may hold thousands of lines. */
export const LINE_FIELDS = ['lines', 'printLines'];

/** Line counts kept on a translation record at every write, so lists need not read the lines. */
export function lineStats(lines: { text?: string }[] | undefined): { lineCount: number; translatedCount: number } {
  const all = lines ?? [];
  return { lineCount: all.length, translatedCount: all.filter((l) => (l.text ?? '').trim() !== '').length };
}

/** What a work request keeps of each of its translations: the embedded form without lines. */
export interface TranslationSummary {
  _id: string;
  language?: string;
  status?: string;
  kind?: string;
  translator?: { _id?: string; name?: string; emailNormal?: string; groups?: unknown[] };
  approval?: boolean;
  lineCount: number;
  translatedCount: number;
}

/**
 * The summary a work request stores for a translation (`translationSummary`, `graphicsTranslationSummary`), so
 * that lists of work requests never read translations, which may hold thousands of lines. Kept in step at every
 * write of the translation (routes/translations.ts).
 */
export function summarize(t: {
  _id: string;
  language?: string;
  status?: string;
  kind?: unknown;
  translator?: TranslationSummary['translator'];
  approval?: boolean;
  lines?: { text?: string }[];
  lineCount?: unknown;
  translatedCount?: unknown;
}): TranslationSummary {
  return {
    _id: t._id,
    language: t.language,
    status: t.status,
    kind: typeof t.kind === 'string' ? t.kind : undefined,
    translator: t.translator,
    approval: t.approval,
    // Read without its lines (LINE_FIELDS), a translation's counts are the ones stored with it at its last write.
    ...(t.lines === undefined ? storedLineStats(t) : lineStats(t.lines)),
  };
}

/** The line counts a translation record keeps (0 where absent). */
function storedLineStats(t: { lineCount?: unknown; translatedCount?: unknown }) {
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
  return { lineCount: count(t.lineCount), translatedCount: count(t.translatedCount) };
}

/** The stored field of a work request that summarizes the translation in `field`. */
export const SUMMARY_FIELD = {
  translation: 'translationSummary',
  graphicsTranslation: 'graphicsTranslationSummary',
} as const;
