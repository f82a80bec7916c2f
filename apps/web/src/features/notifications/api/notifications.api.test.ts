import type { Notification, NotificationList } from '@listloop/domain';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  markReadMutationOptions,
  notificationKeys,
  notificationListQueryOptions,
} from './notifications.api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const notification = (id: string, readAt: string | null = null): Notification => ({
  id,
  createdAt: '2026-03-01T12:00:00.000Z',
  readAt,
  kind: 'sale',
  params: {
    itemId: 'item00000000000000000001',
    itemTitle: 'Levi’s 501',
    marketplace: 'ebay',
    price: 25,
    currency: 'USD',
    quantity: 1,
    saleEventId: null,
  },
});

describe('the bell and its panel', () => {
  let queryClient: QueryClient;
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();

  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('gives the bell the unread count the panel’s list came with', async () => {
    queryClient.setQueryData(notificationKeys.unread, 1);
    const page: NotificationList = {
      notifications: [notification('n1'), notification('n2'), notification('n3')],
      unreadCount: 3,
      nextCursor: null,
    };
    fetchMock.mockResolvedValueOnce(json(200, page));
    await queryClient.fetchInfiniteQuery(notificationListQueryOptions());
    expect(queryClient.getQueryData(notificationKeys.unread)).toBe(3);
  });

  it('tells of a failed mark-as-read though the panel that asked is gone', async () => {
    const onFailure = vi.fn();
    fetchMock.mockResolvedValueOnce(json(404, { statusCode: 404, message: 'Not found' }));
    // No observer at all: the panel closed as its link was followed.
    const markRead = queryClient
      .getMutationCache()
      .build(queryClient, markReadMutationOptions(queryClient, onFailure));
    await expect(markRead.execute('n1')).rejects.toThrow('Not found');
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('marks the notification read in the list and sets the count the server gives', async () => {
    queryClient.setQueryData(notificationKeys.unread, 2);
    queryClient.setQueryData<InfiniteData<NotificationList>>(notificationKeys.list, {
      pages: [
        {
          notifications: [notification('n1'), notification('n2')],
          unreadCount: 2,
          nextCursor: null,
        },
      ],
      pageParams: [null],
    });
    const readAt = '2026-03-02T08:00:00.000Z';
    fetchMock.mockResolvedValueOnce(
      json(200, { notification: notification('n1', readAt), unreadCount: 1 }),
    );
    const onFailure = vi.fn();
    await queryClient
      .getMutationCache()
      .build(queryClient, markReadMutationOptions(queryClient, onFailure))
      .execute('n1');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/notifications/n1/read');
    expect(queryClient.getQueryData(notificationKeys.unread)).toBe(1);
    const list = queryClient.getQueryData<InfiniteData<NotificationList>>(notificationKeys.list);
    expect(list!.pages[0]!.notifications.map((n) => n.readAt)).toEqual([readAt, null]);
    expect(onFailure).not.toHaveBeenCalled();
  });
});
