import {
  NotificationListSchema,
  NotificationReadAllSchema,
  NotificationReadSchema,
  NotificationUnreadCountSchema,
  type Notification,
  type NotificationList,
} from '@listloop/domain';
import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const NOTIFICATIONS_PATH = '/api/user/notifications';

/** The bell asks for the unread count this often, and whenever the window regains focus. */
export const UNREAD_POLL_MS = 30_000;
const PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${NOTIFICATIONS_PATH}/unread-count`, {
          schema: NotificationUnreadCountSchema,
          signal,
        })
      ).unreadCount,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });

/**
 * The list, newest first, a page at a time; refetched while the panel is open. Each first page
 * carries the unread count, which the bell takes at once: it never says fewer unread than the
 * panel shows.
 */
export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await apiRequest(
        `${NOTIFICATIONS_PATH}?limit=${PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: NotificationListSchema, signal },
      );
      if (pageParam === null) client.setQueryData(notificationKeys.unread, page.unreadCount);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationList) => last.nextCursor,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });

/** The loaded notifications with those `read` says are read now marked so. */
function markLoaded(queryClient: QueryClient, read: (notification: Notification) => string | null) {
  queryClient.setQueryData<InfiniteData<NotificationList>>(notificationKeys.list, (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((notification) => {
              const readAt = notification.readAt ?? read(notification);
              return readAt === notification.readAt ? notification : { ...notification, readAt };
            }),
          })),
        }
      : list,
  );
}

/**
 * Marks one notification read, as its link is followed. The panel closes at that moment, so a
 * failure is told from here (`onFailure`), not from the panel's own callbacks, which are gone
 * with it.
 */
export function markReadMutationOptions(
  queryClient: QueryClient,
  onFailure: (error: unknown) => void,
) {
  return mutationOptions({
    mutationFn: (notificationId: string) =>
      apiRequest(`${NOTIFICATIONS_PATH}/${encodeURIComponent(notificationId)}/read`, {
        method: 'POST',
        schema: NotificationReadSchema,
      }),
    onSuccess: ({ notification, unreadCount }) => {
      queryClient.setQueryData(notificationKeys.unread, unreadCount);
      markLoaded(queryClient, (loaded) =>
        loaded.id === notification.id ? notification.readAt : null,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
    onError: (error) => onFailure(error),
  });
}

export function useMarkRead(onFailure: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation(markReadMutationOptions(queryClient, onFailure));
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`${NOTIFICATIONS_PATH}/read-all`, {
        method: 'POST',
        schema: NotificationReadAllSchema,
      }),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(notificationKeys.unread, unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
