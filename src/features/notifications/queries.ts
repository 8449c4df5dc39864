/** Notifications: list per inbox tab, the unread count for the navigation, marking as read. */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../../api/client';
import type { Notification } from '../../api/schema/notification';
import { listNotifications, putNotification, type NotificationFilters } from '../../api/notifications';

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (filters: NotificationFilters) => [...notificationKeys.lists(), filters] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
};

export function notificationListOptions(filters: NotificationFilters) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listNotifications({ ...filters, summary: true }, { offset: pageParam, size: 50, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<Notification>) => last.nextOffset,
  });
}

export function useNotifications(filters: NotificationFilters) {
  return useInfiniteQuery(notificationListOptions(filters));
}

/** Unread count: the total of `read=false` from Content-Range; without it, what one page holds ("50+"). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) => {
      const page = await listNotifications({ read: false, summary: true }, { offset: 0, size: 50, signal });
      return { count: page.total ?? page.items.length, more: page.total === undefined && page.nextOffset !== undefined };
    },
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

type Pages = InfiniteData<ListPage<Notification>, unknown>;

/**
 * Marks one notification read. The body is the record's id and the two flags the server lets change
 * (docs/API.md: PUT /notifications changes only `read` and `viewed`).
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => putNotification({ _id: id, read: true, viewed: true }),
    onSuccess: (_saved, id) => {
      client.setQueriesData<Pages>({ queryKey: notificationKeys.lists() }, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              item.ok && item.data._id === id ? { ...item, data: { ...item.data, read: true, viewed: true } } : item),
          })),
        });
      void client.invalidateQueries({ queryKey: notificationKeys.unread() });
    },
  });
}
