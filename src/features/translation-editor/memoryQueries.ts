/**
 * The editor's use of the translation memory (docs/API.md, "Translation memory"): filling empty lines from exact
 * matches once the translator has seen what would change (one lookup for every line), and the similar matches of the line being edited.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { lookUpMemory } from '../../api/memory';
import { MEMORY_LIMITS } from '../../api/schema/memory';
import type { EditorDocument } from './model/editorDocument';
import { fillableLines, memoryFills, type FillPlan } from './model/memoryFill';
import type { MemoryAnswer } from '../../api/schema/memory';
import { translationEditorKeys } from './queries';

export const memoryKeys = {
  line: (translationId: string, original: string) =>
    [...translationEditorKeys.all, 'memory', translationId, original] as const,
};

/** The lookups of a fill preview: what was asked, chunk by chunk, and what the memory answered. */
export type FillLookups = { asked: { index: number; original: string }[]; answer: MemoryAnswer }[];

/**
 * Looks up the empty lines' exact matches (in chunks of the lookup's limit), for a preview: nothing is written
 * until the translator confirms (`planFill`, then `doc.applyEdits`).
 */
export function useMemoryPreview(doc: EditorDocument, translationId: string) {
  return useMutation({
    mutationFn: async (): Promise<FillLookups> => {
      const asked = fillableLines(doc.lines(), (line) => doc.originalOf(line));
      const lookups: FillLookups = [];
      for (let from = 0; from < asked.length; from += MEMORY_LIMITS.texts) {
        const chunk = asked.slice(from, from + MEMORY_LIMITS.texts);
        lookups.push({
          asked: chunk,
          answer: await lookUpMemory(translationId, { texts: chunk.map((a) => a.original) }),
        });
      }
      return lookups;
    },
  });
}

/**
 * What the fill would do with the lines as they are now (a line typed in since the lookup is left alone), a term the
 * glossary forbids never written (docs/API.md, "Translation memory").
 */
export function planFill(doc: EditorDocument, lookups: FillLookups): FillPlan {
  const plan: FillPlan = { edits: [], flagged: [] };
  for (const { asked, answer } of lookups) {
    const part = memoryFills(doc.lines(), asked, answer, doc.glossary);
    plan.edits.push(...part.edits);
    plan.flagged.push(...part.flagged);
  }
  return plan;
}

/**
 * The memory's matches (exact and similar) of one original text (its first MEMORY_LIMITS.fuzzyTextLength
 * characters, the most a similar lookup takes); kept for the session (the memory rarely moves). A 429 (this user's
 * lookups already under way, e.g. a fill) is asked again after the second the server says to wait.
 */
export function useLineMatches(translationId: string, original: string | undefined, enabled: boolean) {
  const text = (original ?? '').slice(0, MEMORY_LIMITS.fuzzyTextLength);
  return useQuery({
    queryKey: memoryKeys.line(translationId, text),
    queryFn: async ({ signal }) => {
      const answer = await lookUpMemory(translationId, { texts: [text], fuzzy: true }, signal);
      return answer.results?.[0]?.matches ?? [];
    },
    enabled: enabled && text.trim() !== '',
    staleTime: 10 * 60_000,
    retry: (failures, error) => failures < 2 && error instanceof ApiError && error.status === 429,
    retryDelay: 1000,
  });
}
