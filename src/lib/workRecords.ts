/**
 * One work request and one translation, each cached under one key that every feature reads and writes
 * (docs/ARCHITECTURE.md, "One cache entry per record"): the work request's page and the translator's editor share
 * `['workRequests', 'detail', id]`; the editor's translation record, a transcription (a translation record too) and
 * the translations list's look-ups share `['translations', 'detail', id]` (the keys: workRecordKeys.ts).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getWorkRequest } from '../api/workRequestRecord';
import { getTranslation } from '../api/translations';
import { listAccepted } from '../api/qcAcceptances';
import { isUnavailable } from '../api/client';
import type { EmbeddedTranslation, Translation } from '../api/schema/translation';
import type { WorkRequest } from '../api/schema/workRequest';
import type { VersionedRecord } from '../api/versioned';
import { workRecordKeys } from './workRecordKeys';

export function workRequestOptions(id: string) {
  return queryOptions({
    queryKey: workRecordKeys.workRequest(id),
    queryFn: ({ signal }) => getWorkRequest(id, signal),
  });
}

export function translationOptions(id: string) {
  return queryOptions({
    queryKey: workRecordKeys.translation(id),
    queryFn: ({ signal }) => getTranslation(id, signal),
  });
}

/**
 * A translation's accepted QC problems (docs/API.md "Accepted problems"): a deployment without the extension answers
 * 404 once, not retried, and the views show none.
 */
export function acceptedProblemsOptions(id: string) {
  return queryOptions({
    queryKey: workRecordKeys.acceptedProblems(id),
    queryFn: ({ signal }) => listAccepted(id, signal),
    staleTime: 30_000,
    retry: (count, error) => !isUnavailable(error) && count < 1,
  });
}

type WorkRequestData = Awaited<ReturnType<typeof getWorkRequest>>;

/** `wr` with its embedded form of translation `id` as saved: lines, status, approval and the new ETag. */
function withEmbedded(wr: WorkRequest, id: string, saved: Translation, etag: string | undefined): WorkRequest {
  const patch = <T extends EmbeddedTranslation | undefined>(t: T): T =>
    t && t._id === id
      ? {
          ...t,
          status: saved.status,
          approval: saved.approval,
          ...(saved.lines ? { lines: saved.lines } : {}),
          ...(etag ? { $etag: etag } : {}),
        }
      : t;
  return { ...wr, translation: patch(wr.translation), graphicsTranslation: patch(wr.graphicsTranslation) };
}

/**
 * A translation the server has just saved: its cached record and the work request's embedded copy become what the
 * server answered (lines, status, approval, ETag), so every page showing either says the same at once and an editor
 * opened again starts from the saved lines. When the status or approval moved, what derives from them (the work
 * request as the server now has it, read again now where it is shown; the lists, read again where they are next
 * shown) is marked stale, and the inbox, which the move notified, is read again now.
 */
export function translationSaved(
  client: QueryClient,
  workRequestId: string | undefined,
  saved: VersionedRecord<Translation>,
  moved: boolean,
): void {
  const id = saved.data._id;
  if (!id) return;
  client.setQueryData<VersionedRecord<Translation>>(workRecordKeys.translation(id), (old) => (old ? saved : old));
  if (workRequestId) {
    client.setQueryData<WorkRequestData>(workRecordKeys.workRequest(workRequestId), (old) =>
      old ? { ...old, data: withEmbedded(old.data, id, saved.data, saved.etag) } : old,
    );
  }
  if (!moved) return;
  // The work request itself may have moved with its translation (the last one submitted sends it for review, one
  // sent back reopens it: docs/API.md "Workflow"): a page showing it reads it again now, so no badge stays stale.
  if (workRequestId) void client.invalidateQueries({ queryKey: workRecordKeys.workRequest(workRequestId) });
  void client.invalidateQueries({ queryKey: workRecordKeys.workRequests, refetchType: 'none' });
  void client.invalidateQueries({ queryKey: workRecordKeys.translations, refetchType: 'none' });
  void client.invalidateQueries({ queryKey: workRecordKeys.notifications });
}
