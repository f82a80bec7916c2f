import {
  NotificationListSchema,
  NotificationReadAllSchema,
  NotificationReadSchema,
  NotificationUnreadCountSchema,
  type NotificationList,
} from '@listloop/domain';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
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

/** The list, newest first, a page at a time; refetched while the panel is open. */
export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        `${NOTIFICATIONS_PATH}?limit=${PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: NotificationListSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationList) => last.nextCursor,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) =>
      apiRequest(`${NOTIFICATIONS_PATH}/${encodeURIComponent(notificationId)}/read`, {
        method: 'POST',
        schema: NotificationReadSchema,
      }),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(notificationKeys.unread, unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
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
