/** The translations list (extension GET /translations): keys, options and hooks. */
import { infiniteQueryOptions, useQuery } from '@tanstack/react-query';
import type { ListPage } from '../../api/client';
import { listTranslations, type TranslationFilters } from '../../api/translations';
import { translationOptions, workRequestOptions } from '../../lib/workRecords';
import { workRecordKeys } from '../../lib/workRecordKeys';
import { allLanguagesOptions } from '../../lib/referenceLists';
import { useSparseList } from '../../lib/useSparseList';
import { editorPathFor } from '../../lib/editorPath';
import { editorPathOf } from './editorPath';
import { PAGE_SIZE } from './listRequest';

export { PAGE_SIZE };

export const translationKeys = {
  all: workRecordKeys.translations,
  lists: () => [...translationKeys.all, 'list'] as const,
  list: (filters: TranslationFilters) => [...translationKeys.lists(), filters] as const,
  details: () => [...translationKeys.all, 'detail'] as const,
  detail: workRecordKeys.translation,
};

export function translationListOptions(filters: TranslationFilters) {
  return infiniteQueryOptions({
    queryKey: translationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listTranslations(filters, { offset: pageParam, size: PAGE_SIZE, signal }),
    initialPageParam: 0,
    getNextPageParam: <T>(last: ListPage<T>) => last.nextOffset,
  });
}

export function useTranslationList(filters: TranslationFilters) {
  return useSparseList(translationListOptions(filters));
}

/** The language filter's choices: the app's one list of every language, the 101st too (lib/referenceLists.ts). */
export function useLanguageChoices() {
  return useQuery(allLanguagesOptions());
}

/**
 * Where `/translations/:id` goes: the editor route of its work request (dialogue or graphics). The translation
 * names its work request and its kind (editorPath.ts); without the kind, the work request says which of its two
 * translations this is. (The list's rows go to the editor directly: this is for a link to the translation.)
 */
export function useEditorPath(id: string) {
  return useQuery({
    queryKey: [...translationKeys.detail(id), 'editorPath'] as const,
    // The translation and its work request through their one cache entries (lib/workRecords.ts): the editor the
    // link opens reads the same ones.
    queryFn: async ({ client }) => {
      const { data: t } = await client.fetchQuery(translationOptions(id));
      if (!t.workRequest) return undefined;
      const known = editorPathOf(t);
      if (known) return known;
      const { data: wr } = await client.fetchQuery(workRequestOptions(t.workRequest));
      return editorPathFor(t.workRequest, wr.graphicsTranslation?._id === id ? 'graphics' : 'dialogue');
    },
    staleTime: 60_000,
  });
}
