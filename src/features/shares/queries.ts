/**
 * Shares: query keys, query options and hooks. Keys are hierarchical (all -> lists -> details -> detail(id));
 * a save puts the answer (with its new ETag) in the detail and invalidates the lists only.
 */
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Share } from '../../api/schema/share';
import { isApiError } from '../../api/client';
import { assetChangeBody, type AssetChange } from './model/assetEdits';
import type { ShareFeedbackInput } from '../../api/schema/share';
import {
  getShare,
  getShareFeedback,
  listShareCandidates,
  listShares,
  postShare,
  postShareInvitation,
  putShareFeedback,
  putShareIfMatch,
} from '../../api/shares';
import { projectOptions } from '../../lib/catalogRecords';
import { useSparseList } from '../../lib/useSparseList';
import { PAGE_SIZE } from './listRequest';

export { PAGE_SIZE };

export const shareKeys = {
  all: ['shares'] as const,
  lists: () => [...shareKeys.all, 'list'] as const,
  details: () => [...shareKeys.all, 'detail'] as const,
  detail: (id: string) => [...shareKeys.details(), id] as const,
  feedback: (id: string) => [...shareKeys.detail(id), 'feedback'] as const,
};

/** People to share with: their own root, so a share save never refetches them. */
export const shareSupportKeys = {
  candidates: (q: string) => ['shareCandidates', q] as const,
};

export function shareListOptions() {
  return infiniteQueryOptions({
    queryKey: shareKeys.lists(),
    queryFn: ({ pageParam, signal }) => listShares({ offset: pageParam, size: PAGE_SIZE, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
  });
}

export function shareOptions(id: string) {
  return queryOptions({
    queryKey: shareKeys.detail(id),
    queryFn: ({ signal }) => getShare(id, signal),
  });
}

export function useShareList() {
  return useSparseList(shareListOptions());
}

export function useShare(id: string) {
  return useQuery(shareOptions(id));
}

/** Saves with If-Match. The answer (and its ETag) replaces the cached share; lists refresh in the background. */
export function useSaveShare(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, etag }: { body: Share; etag: string | undefined }) => putShareIfMatch(id, body, etag),
    onSuccess: (saved) => {
      client.setQueryData(shareKeys.detail(id), saved);
      void client.invalidateQueries({ queryKey: shareKeys.lists() });
    },
  });
}

/** Candidate recipients from GET /users?q= (coordinators and admins); 403/404 means "type an e-mail". */
export function useShareCandidates(q: string, enabled: boolean) {
  return useQuery({
    queryKey: shareSupportKeys.candidates(q),
    queryFn: ({ signal }) => listShareCandidates(q, { size: 20, signal }),
    enabled,
    staleTime: 60_000,
    retry: (count, error) =>
      count < 1 &&
      !(
        error instanceof Error &&
        'status' in error &&
        [403, 404, 405, 501].includes((error as { status: number }).status)
      ),
  });
}

/**
 * A project's name for the asset grid (only asked when the share's own `projectNames` cannot tell): the catalog's
 * query of the project (lib/catalogRecords.ts), so a project the session has read is not asked again.
 */
export function useProjectName(id: string | undefined, enabled: boolean) {
  return useQuery({
    ...projectOptions(id ?? ''),
    enabled: enabled && !!id,
    staleTime: 10 * 60_000,
    retry: false,
    select: (r) => r.data.name,
  });
}

/**
 * Saves the viewer's feedback on one asset as they give it. The share's own copy is marked stale (its `$feedback`
 * and the sender's counts), without refetching the playlist under the viewer's typing.
 */
export function useSaveFeedback(shareId: string, assetId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareFeedbackInput) => putShareFeedback(shareId, assetId, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: shareKeys.detail(shareId), refetchType: 'none' });
    },
  });
}

/** The share's feedback records (every recipient's for the sender). */
export function useShareFeedback(id: string, enabled: boolean) {
  return useQuery({
    queryKey: shareKeys.feedback(id),
    queryFn: ({ signal }) => getShareFeedback(id, signal),
    enabled,
  });
}

/** Sends a new share; the lists refresh. */
export function useSendShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => postShare(body),
    onSuccess: () => void client.invalidateQueries({ queryKey: shareKeys.lists() }),
  });
}

/**
 * Takes assets out of a share or adds them, at once (docs/API.md "Managing a share"): a PUT of `assets` with the
 * version last read as If-Match. When someone saved meanwhile (409) the change is applied once more onto their
 * version, read afresh. The saved share replaces the cached one.
 */
export function useChangeShareAssets(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: AssetChange) => {
      const put = async (fresh: boolean) => {
        const current = fresh
          ? await client.fetchQuery({ ...shareOptions(id), staleTime: 0 })
          : await client.ensureQueryData(shareOptions(id));
        const body = assetChangeBody(current.data, change);
        return body ? putShareIfMatch(id, body, current.etag) : current;
      };
      try {
        return await put(false);
      } catch (error) {
        if (isApiError(error) && error.status === 409) return put(true);
        throw error;
      }
    },
    onSuccess: (saved) => {
      client.setQueryData(shareKeys.detail(id), saved);
      void client.invalidateQueries({ queryKey: shareKeys.lists() });
    },
  });
}

/** Invites a newcomer of the share again; the share is read again (their invitation's new end). */
export function useInviteAgain(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (user: string) => postShareInvitation(id, user),
    onSettled: () => void client.invalidateQueries({ queryKey: shareKeys.detail(id), exact: true }),
  });
}
