/**
 * Work requests, their comments and offlines: query keys, query options and hooks (the list and detail options
 * are in queryOptions.ts, which the route prefetch loads on its own).
 * Keys are hierarchical (all -> lists -> list(filters) -> details -> detail(id)) so each mutation updates or
 * invalidates exactly what it changed. Comments and offlines have their own roots, so refreshing a work
 * request does not refetch its comments and vice versa.
 */
import {
  queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData,
} from '@tanstack/react-query';
import type { ListPage } from '../../api/client';
import type { Checked } from '../../api/parse';
import type { Comment } from '../../api/schema/comment';
import type { StatusChange } from '../../api/schema/workRequest';
import { addComment, listComments, putComment } from '../../api/comments';
import { listLanguages } from '../../api/languages';
import { listOfflines, postOffline } from '../../api/offlines';
import { listProjects } from '../../api/projects';
import { listTerritories } from '../../api/territories';
import { changeWorkRequestStatus, type WorkRequestFilters } from '../../api/workRequests';

import {
  automationQueueOptions, nextPage, workRequestKeys, workRequestListOptions, workRequestOptions,
} from './queryOptions';

export { PAGE_SIZE, workRequestKeys } from './queryOptions';

export const commentKeys = {
  all: ['comments'] as const,
  list: (workRequestId: string) => [...commentKeys.all, 'list', workRequestId] as const,
};

export const offlineKeys = {
  all: ['offlines'] as const,
  list: (workRequestId: string) => [...offlineKeys.all, 'list', workRequestId] as const,
};

/** Catalog lists used as filter choices (extensions; the filters fall back to free text without them). */
export const filterChoiceKeys = {
  all: ['filterChoices'] as const,
  projects: () => [...filterChoiceKeys.all, 'projects'] as const,
  languages: () => [...filterChoiceKeys.all, 'languages'] as const,
  territories: () => [...filterChoiceKeys.all, 'territories'] as const,
};

export function useWorkRequestList(filters: WorkRequestFilters, enabled: boolean) {
  return useInfiniteQuery({ ...workRequestListOptions(filters), enabled });
}

export function useAutomationQueue(enabled: boolean) {
  return useInfiniteQuery({ ...automationQueueOptions(), enabled });
}

export function useWorkRequest(id: string) {
  return useQuery(workRequestOptions(id));
}

/**
 * Choices for the filters: up to 100 of each (the server's page limit), loaded once per session. `enabled` lets
 * the list's first page go first: a browser opens few connections per host, and the rows matter more.
 */
export function useFilterChoices(enabled = true) {
  const stale = 10 * 60_000;
  const projects = useQuery({
    queryKey: filterChoiceKeys.projects(),
    queryFn: ({ signal }) => listProjects({}, { size: 100, signal }),
    staleTime: stale,
    enabled,
  });
  const languages = useQuery({
    queryKey: filterChoiceKeys.languages(),
    queryFn: ({ signal }) => listLanguages({ size: 100, signal }),
    staleTime: stale,
    enabled,
  });
  const territories = useQuery({
    queryKey: filterChoiceKeys.territories(),
    queryFn: ({ signal }) => listTerritories({ size: 100, signal }),
    staleTime: stale,
    enabled,
  });
  return { projects, languages, territories };
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

export function useComments(workRequestId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(workRequestId),
    queryFn: ({ pageParam, signal }) => listComments(workRequestId, { offset: pageParam, size: 100, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPage,
  });
}

export function useAddComment(workRequestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addComment({ workRequest: workRequestId, body }),
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
      client.setQueryData<CommentPages>(commentKeys.list(workRequestId), (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              item.ok && item.data._id === saved.data._id ? { ok: true as const, data: saved.data, problems: [] } : item),
          })),
        });
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
    mutationFn: () => postOffline({ workRequest: workRequestId }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: offlineKeys.list(workRequestId) });
      void client.invalidateQueries({ queryKey: workRequestKeys.detail(workRequestId), exact: true });
    },
  });
}
