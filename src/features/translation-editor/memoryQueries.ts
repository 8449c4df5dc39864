/**
 * The editor's use of the translation memory (docs/API.md, "Translation memory"): filling empty lines from exact
 * matches when Memories are on (one lookup for every line), and the similar matches of the line being edited.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { lookUpMemory } from '../../api/memory';
import { MEMORY_LIMITS } from '../../api/schema/memory';
import type { EditorDocument } from './model/editorDocument';
import { fillableLines, memoryFills } from './model/memoryFill';
import { translationEditorKeys } from './queries';

export const memoryKeys = {
  line: (translationId: string, original: string) =>
    [...translationEditorKeys.all, 'memory', translationId, original] as const,
};

/**
 * Fills the empty lines from the memory's exact matches, as one undoable step; answers how many it filled. The
 * lines are asked about in chunks of the lookup's limit; the edits are checked against the lines as they are when
 * the answer comes (a line typed in meanwhile is left alone).
 */
export function useMemoryFill(doc: EditorDocument, translationId: string) {
  return useMutation({
    mutationFn: async () => {
      const asked = fillableLines(doc.lines(), (line) => doc.originalOf(line));
      let filled = 0;
      for (let from = 0; from < asked.length; from += MEMORY_LIMITS.texts) {
        const chunk = asked.slice(from, from + MEMORY_LIMITS.texts);
        const answer = await lookUpMemory(translationId, { texts: chunk.map((a) => a.original) });
        filled += doc.applyEdits('Fill from memory', memoryFills(doc.lines(), chunk, answer));
      }
      return filled;
    },
  });
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
