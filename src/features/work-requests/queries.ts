/**
 * A work request's page: the record, its status changes, comments and offlines — query keys and hooks (the list
 * options are in queryOptions.ts and the record's in lib/workRecords.ts, which the route prefetches load on their
 * own; the list's hooks in listQueries.ts).
 * Keys are hierarchical (all -> lists -> list(filters) -> details -> detail(id)) so each mutation updates or
 * invalidates exactly what it changed. Comments and offlines have their own roots, so refreshing a work
 * request does not refetch its comments and vice versa.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../../api/client';
import type { Checked } from '../../api/parse';
import type { Comment } from '../../api/schema/comment';
import type { StatusChange } from '../../api/schema/workRequest';
import { addComment, listComments, putComment } from '../../api/comments';
import { listOfflines, postOffline, reviewOffline } from '../../api/offlines';
import type { OfflineVerdict } from '../../api/schema/offline';
import { changeWorkRequestStatus } from '../../api/workRequestRecord';
import { nextPage, workRequestKeys } from './queryOptions';
import { workRequestOptions } from '../../lib/workRecords';
import { workRecordKeys } from '../../lib/workRecordKeys';
import { openNoteChoices } from './model/openNotes';

export const commentKeys = {
  all: workRecordKeys.comments,
  list: (workRequestId: string) => [...commentKeys.all, 'list', workRequestId] as const,
};

export const offlineKeys = {
  all: ['offlines'] as const,
  list: (workRequestId: string) => [...offlineKeys.all, 'list', workRequestId] as const,
};

export function useWorkRequest(id: string) {
  return useQuery(workRequestOptions(id));
}

/** Status change: the answer is the new record (set in place); lists and the queue may now sort or filter differently. */
export function useChangeStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => changeWorkRequestStatus(id, change),
    onSuccess: (record) => {
      client.setQueryData(workRequestKeys.detail(id), record);
      void client.invalidateQueries({ queryKey: workRequestKeys.lists() });
      void client.invalidateQueries({ queryKey: workRequestKeys.automation() });
    },
  });
}

/** A work request's comments, 100 a page (its thread, and the open review notes a send back names). */
const commentListOptions = (workRequestId: string) => ({
  queryKey: commentKeys.list(workRequestId),
  queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
    listComments(workRequestId, { offset: pageParam, size: 100, signal }),
  initialPageParam: 0,
  getNextPageParam: nextPage,
});

export function useComments(workRequestId: string) {
  return useInfiniteQuery(commentListOptions(workRequestId));
}

export function useAddComment(workRequestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addComment({ workRequest: workRequestId, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: commentKeys.list(workRequestId) }),
  });
}

/** A note on a frame of an offline (docs/API.md "Offlines: files and review"): a comment with `offline` + `time`. */
export function useAddOfflineNote(workRequestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: { offline: string; time: number; body: string }) =>
      addComment({ workRequest: workRequestId, ...note }),
    onSuccess: () => client.invalidateQueries({ queryKey: commentKeys.list(workRequestId) }),
  });
}

type CommentPages = InfiniteData<ListPage<Comment>, number>;

/** Edits a comment and puts the answer in place in the cached list (nothing else changed). */
export function useEditComment(workRequestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, body }: { comment: Comment & { _id: string }; body: string }) =>
      putComment(comment._id, { ...comment, body }),
    onSuccess: (saved: Checked<Comment>) => {
      client.setQueryData<CommentPages>(
        commentKeys.list(workRequestId),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) =>
                item.ok && item.data._id === saved.data._id
                  ? { ok: true as const, data: saved.data, problems: [] }
                  : item,
              ),
            })),
          },
      );
    },
  });
}

export function useOfflines(workRequestId: string) {
  return useInfiniteQuery({
    queryKey: offlineKeys.list(workRequestId),
    queryFn: ({ pageParam, signal }) => listOfflines(workRequestId, { offset: pageParam, size: 100, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPage,
  });
}

/** Requests an offline; the new one joins the list, and the work request's own `offlines` may have changed. */
export function useRequestOffline(workRequestId: string) {
  const client = useQueryClient();
  return useMutation({
    // With the File of a finished upload into the order, the offline is that file (docs/API.md "Offlines").
    mutationFn: (file?: string) => postOffline({ workRequest: workRequestId, ...(file ? { file } : {}) }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: offlineKeys.list(workRequestId) });
      void client.invalidateQueries({ queryKey: workRequestKeys.detail(workRequestId), exact: true });
    },
  });
}

/** The studio's verdict on an offline; the order's `offlines` (the completion gate) and history change with it. */
export function useReviewOffline(workRequestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verdict }: { id: string; verdict: OfflineVerdict }) => reviewOffline(id, verdict),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: offlineKeys.list(workRequestId) });
      void client.invalidateQueries({ queryKey: workRequestKeys.detail(workRequestId), exact: true });
    },
  });
}

/**
 * The open review notes a send back from the order page may name (model/openNotes.ts): read with the page's
 * comments (the same query, so no second request), only while `enabled` (a verdict move is open).
 */
export function useOpenNoteChoices(workRequestId: string, enabled: boolean) {
  return useInfiniteQuery({
    ...commentListOptions(workRequestId),
    enabled,
    select: (data) => openNoteChoices(data.pages.flatMap((p) => p.items.flatMap((i) => (i.ok ? [i.data] : [])))),
  });
}
