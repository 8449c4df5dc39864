/**
 * What the inbox does to notifications, each optimistic with a message after: read / unread for some, all read in
 * the current view, and opening one (marks it read, then goes where it points, or shows it when it points nowhere).
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NotificationFilters } from '../../../api/notifications';
import type { Notification } from '../../../api/schema/notification';
import { describeError } from '../../../components/ErrorPanel';
import { plural } from '../../../lib/format';
import { targetOf } from '../model/inbox';
import { useMarkAllRead, useOpenNotification, useSetRead } from '../queries';

export type InboxMessage = { kind: 'ok' | 'error'; text: string; link?: { to: string; label: string } | undefined };

export function useInboxActions(filters: NotificationFilters, loaded: readonly Notification[]) {
  const navigate = useNavigate();
  const setRead = useSetRead();
  const markAll = useMarkAllRead();
  const openOne = useOpenNotification();
  const [message, setMessage] = useState<InboxMessage | undefined>();
  const [detail, setDetail] = useState<Notification | undefined>();

  const setReadFor = useCallback(
    (ids: string[], read: boolean) => {
      if (ids.length === 0) return;
      setMessage(undefined);
      setRead.mutate(
        { ids, read },
        {
          onSuccess: () =>
            setMessage({
              kind: 'ok',
              text: `Marked ${plural(ids.length, 'notification')} ${read ? 'read' : 'unread'}.`,
            }),
          onError: (error) =>
            setMessage({
              kind: 'error',
              text: `Could not mark ${ids.length === 1 ? 'it' : 'them'} ${read ? 'read' : 'unread'}: ${describeError(error)} The change was undone.`,
            }),
        },
      );
    },
    [setRead],
  );

  const open = useCallback(
    async (n: Notification) => {
      if (!n._id) return;
      setMessage(undefined);
      const fallback = targetOf(n);
      try {
        const full = await openOne.mutateAsync(n._id);
        const target = targetOf(full) ?? fallback;
        if (target) void navigate(target);
        else setDetail(full);
      } catch (error) {
        setMessage({
          kind: 'error',
          text: `Could not mark it read: ${describeError(error)} The change was undone.`,
          link: fallback ? { to: fallback, label: 'Open it anyway' } : undefined,
        });
      }
    },
    [openOne, navigate],
  );

  const markAllRead = () => {
    setMessage(undefined);
    const loadedUnreadIds = loaded.filter((n) => n.read !== true && n._id).map((n) => n._id!);
    markAll.mutate(
      { filters, loadedUnreadIds },
      {
        onSuccess: ({ updated }) =>
          setMessage({
            kind: 'ok',
            text:
              updated === 0
                ? 'Nothing was unread.'
                : `Marked ${updated === undefined ? 'all' : plural(updated, 'notification')} read.`,
          }),
        onError: (error) =>
          setMessage({
            kind: 'error',
            text: `Could not mark all read: ${describeError(error)} The change was undone.`,
          }),
      },
    );
  };

  return {
    message,
    dismissMessage: () => setMessage(undefined),
    detail,
    closeDetail: () => setDetail(undefined),
    setReadFor,
    open,
    markAllRead,
    markingAll: markAll.isPending,
  };
}
