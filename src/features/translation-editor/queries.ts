/**
 * The translation editor's data: the work request (lines in its embedded translation form, the asset and its
 * transcription ids), the translation record itself (for its ETag), the transcription (original text) and the
 * language (fonts). The editor owns the lines once open, so these never refetch on their own.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkRequest } from '../../api/schema/workRequest';
import { translationOptions, workRequestOptions } from '../../lib/workRecords';
import { translationGlossary } from '../../api/glossary';
import { appliedSpecOf } from '../../api/specs';
import { isUnavailable } from '../../api/client';
import { allLanguagesOptions } from '../../lib/referenceLists';

export const translationEditorKeys = {
  all: ['translationEditor'] as const,
  glossary: (translationId: string) => [...translationEditorKeys.all, 'glossary', translationId] as const,
  spec: (translationId: string) => [...translationEditorKeys.all, 'spec', translationId] as const,
};

/** Not read again behind the translator's back: the editor owns the lines once open. */
const quiet = { refetchOnWindowFocus: false, refetchOnReconnect: false } as const;
const still = { ...quiet, staleTime: Number.POSITIVE_INFINITY } as const;

/** Which of a work request's translations the editor opens. */
export type TranslationKind = 'dialogue' | 'graphics';

/** The transcription (original text) of the translation of `kind`: the asset links one per kind (docs/API.md). */
export function transcriptionIdOf(wr: WorkRequest | undefined, kind: TranslationKind): string | undefined {
  return kind === 'graphics' ? wr?.asset?.transcription?.graphics : wr?.asset?.transcription?.dialogue;
}

/**
 * The work request: the app's one entry for it (the work request's page reads it too; a copy that page read in the
 * last 30 s opens the editor without asking again), quiet while editing.
 */
export function editorWorkRequestOptions(id: string) {
  return queryOptions({ ...workRequestOptions(id), ...quiet });
}

/** The translation record (for its ETag) or a transcription (a translation record too): the app's one entry. */
export function editorTranslationOptions(id: string) {
  return queryOptions({ ...translationOptions(id), retry: 1, ...still });
}

export const transcriptionOptions = editorTranslationOptions;

export function useEditorWorkRequest(id: string) {
  return useQuery(editorWorkRequestOptions(id));
}

export function useEditorTranslation(id: string | undefined) {
  return useQuery({ ...editorTranslationOptions(id ?? ''), enabled: id !== undefined });
}

export function useTranscription(id: string | undefined) {
  return useQuery({ ...transcriptionOptions(id ?? ''), enabled: id !== undefined });
}

/**
 * The catalog's languages (extension GET /languages), for fonts: the app's one list of every language, so a
 * translation into the 101st gets its fonts too (lib/referenceLists.ts). The editor works without them: a deployment
 * without the extension answers 404, not asked again, and the fonts fall back.
 */
export function useLanguages() {
  return useQuery(allLanguagesOptions());
}

/**
 * The terms that apply to the translation (extension GET /glossary?translation=). Refreshed when the translator comes
 * back to the tab after a minute, so a coordinator's new term reaches an open editor; a deployment without the
 * extension answers 404 once (not retried).
 */
/** The delivery specification the translation's order is judged by (docs/API.md "Delivery specifications"). */
export function useAppliedSpec(translationId: string | undefined) {
  return useQuery({
    queryKey: translationEditorKeys.spec(translationId ?? ''),
    queryFn: ({ signal }) => appliedSpecOf(translationId ?? '', signal),
    enabled: translationId !== undefined,
    staleTime: 60_000,
    retry: (count, error) => !isUnavailable(error) && count < 1,
  });
}

export function useTranslationGlossary(translationId: string | undefined) {
  return useQuery({
    queryKey: translationEditorKeys.glossary(translationId ?? ''),
    queryFn: ({ signal }) => translationGlossary(translationId ?? '', signal),
    enabled: translationId !== undefined,
    staleTime: 60_000,
    retry: (count, error) => !isUnavailable(error) && count < 1,
  });
}
