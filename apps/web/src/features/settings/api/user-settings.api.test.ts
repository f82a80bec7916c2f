import { resolveSaleDetection, resolveUserSettings, type UserSettings } from '@listloop/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey, type SessionData } from '../../../lib/session';
import type { SettingChange } from '../settings-state';
import {
  SALE_DETECTION_SETTINGS_PATH,
  USER_SETTINGS_PATH,
  saveSettingMutationOptions,
  userSettingsKeys,
} from './user-settings.api';

const SINCE = '2026-03-03T12:00:00.000Z';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fetch that answers each call with the next response once released. */
function scriptedFetch() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const pending: ((response: Response) => void)[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method), body: JSON.parse(String(init.body ?? 'null')) });
    return new Promise<Response>((resolve) => pending.push(resolve));
  });
  return {
    fetchMock,
    calls,
    answer: (response: Response) => pending.shift()?.(response),
  };
}

async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('saving one setting', () => {
  let queryClient: QueryClient;
  let fetcher: ReturnType<typeof scriptedFetch>;
  const start = resolveUserSettings(null);

  const save = (change: SettingChange) =>
    queryClient
      .getMutationCache()
      .build(queryClient, saveSettingMutationOptions(queryClient))
      .execute(change);
  const cached = () => queryClient.getQueryData<UserSettings>(userSettingsKeys.all)!;

  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(userSettingsKeys.all, start);
    queryClient.setQueryData<SessionData>(sessionQueryKey, {
      status: 'logged-in',
      saleDetection: {},
    } as unknown as SessionData);
    fetcher = scriptedFetch();
    vi.stubGlobal('fetch', fetcher.fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('shows the new value at once, then the server’s, and puts it in the session', async () => {
    const done = save({ section: 'saleDetection', key: 'grailed', enabled: false });
    await flush();
    expect(cached().saleDetection.grailed).toEqual({ enabled: false, dateEnabled: null });
    expect(fetcher.calls[0]).toEqual({
      url: SALE_DETECTION_SETTINGS_PATH,
      method: 'PUT',
      body: { grailed: { enabled: false } },
    });

    const saleDetection = resolveSaleDetection({ grailed: { enabled: false, dateEnabled: null } });
    fetcher.answer(json(200, { saleDetection }));
    await done;
    expect(cached().saleDetection.grailed).toEqual({ enabled: false, dateEnabled: null });
    const session = queryClient.getQueryData<SessionData>(sessionQueryKey);
    expect(session && session.status === 'logged-in' && session.saleDetection).toEqual(
      saleDetection,
    );
  });

  it('keeps the date the server gives a switch turned on', async () => {
    const done = save({ section: 'forceDelistRelist', key: 'etsy', enabled: true });
    await flush();
    expect(cached().forceDelistRelist.etsy).toEqual({ enabled: true, dateEnabled: null });
    expect(fetcher.calls[0]).toMatchObject({
      url: USER_SETTINGS_PATH,
      body: { forceDelistRelist: { etsy: { enabled: true } } },
    });
    const answered = resolveUserSettings({
      saleDetection: {},
      notifications: {},
      mercariForm: { showSwitchShipping: true },
      forceDelistRelist: { etsy: { enabled: true, dateEnabled: SINCE } },
    });
    fetcher.answer(json(200, answered));
    await done;
    expect(cached().forceDelistRelist.etsy).toEqual({ enabled: true, dateEnabled: SINCE });
  });

  it('puts only the failed switch back, and warns when sale detection did not save', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = save({ section: 'notifications', key: 'bulkDelete', enabled: false });
    const failing = save({ section: 'saleDetection', key: 'ebay', enabled: false });
    await flush();
    expect(cached().saleDetection.ebay.enabled).toBe(false);
    expect(cached().notifications.bulkDelete.enabled).toBe(false);

    // The notifications save is still on the way when the sale-detection one fails.
    expect(fetcher.calls).toHaveLength(2);
    const [first, second] = [fetcher.calls[0]!, fetcher.calls[1]!];
    expect(first.url).toBe(USER_SETTINGS_PATH);
    expect(second.url).toBe(SALE_DETECTION_SETTINGS_PATH);
    fetcher.answer(json(200, withBulkDeleteOff()));
    fetcher.answer(json(503, { statusCode: 503, message: 'Down for a moment' }));
    await other;
    await expect(failing).rejects.toThrow('Down for a moment');

    expect(cached().saleDetection.ebay).toEqual({ enabled: true, dateEnabled: null });
    expect(cached().notifications.bulkDelete.enabled).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    const session = queryClient.getQueryData<SessionData>(sessionQueryKey);
    expect(session && session.status === 'logged-in' && session.saleDetection).toEqual({});
  });

  it('logs nothing when another setting fails, but still puts it back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = save({ section: 'mercariForm', key: 'showSwitchShipping', enabled: false });
    await flush();
    expect(cached().mercariForm.showSwitchShipping).toBe(false);
    fetcher.answer(
      json(400, { statusCode: 400, message: 'Show switch shipping has an invalid value' }),
    );
    await expect(failing).rejects.toThrow('Show switch shipping has an invalid value');
    expect(cached().mercariForm.showSwitchShipping).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});

function withBulkDeleteOff(): UserSettings {
  return resolveUserSettings({
    saleDetection: {},
    notifications: { bulkDelete: { enabled: false, dateEnabled: null } },
    mercariForm: { showSwitchShipping: true },
    forceDelistRelist: {},
  });
}
