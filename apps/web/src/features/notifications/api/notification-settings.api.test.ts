import type { NotificationPreferences } from '@listloop/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  notificationSettingsKeys,
  PREFERENCES_PATH,
  savePreferencesMutationOptions,
} from './notification-settings.api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fetch that answers each call once released, in the order the test chooses. */
function scriptedFetch() {
  const calls: { url: string; body: unknown; answer: (response: Response) => void }[] = [];
  const fetchMock = vi.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve) => {
        calls.push({ url, body: JSON.parse(String(init.body ?? 'null')), answer: resolve });
      }),
  );
  return { fetchMock, calls };
}

async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const start: NotificationPreferences = {
  emailSales: true,
  emailProblems: true,
  emailAvailable: true,
  email: 'seller@example.com',
};

describe('saving the e-mail switches', () => {
  let queryClient: QueryClient;
  let fetcher: ReturnType<typeof scriptedFetch>;
  const key = notificationSettingsKeys.preferences;
  const save = (update: Partial<Pick<NotificationPreferences, 'emailSales' | 'emailProblems'>>) =>
    queryClient
      .getMutationCache()
      .build(queryClient, savePreferencesMutationOptions(queryClient))
      .execute(update);
  const cached = () => queryClient.getQueryData<NotificationPreferences>(key)!;

  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(key, start);
    fetcher = scriptedFetch();
    vi.stubGlobal('fetch', fetcher.fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('saves both switches flipped one after the other, each with its own call', async () => {
    const sales = save({ emailSales: false });
    const problems = save({ emailProblems: false });
    await flush();
    expect(fetcher.calls.map((call) => [call.url, call.body])).toEqual([
      [PREFERENCES_PATH, { emailSales: false }],
      [PREFERENCES_PATH, { emailProblems: false }],
    ]);
    expect(cached()).toMatchObject({ emailSales: false, emailProblems: false });

    // The first answer was written before the second save reached the server: it must not
    // put the second switch back on while that save is on the way.
    fetcher.calls[0]!.answer(json(200, { ...start, emailSales: false }));
    await sales;
    expect(cached()).toMatchObject({ emailSales: false, emailProblems: false });

    fetcher.calls[1]!.answer(json(200, { ...start, emailSales: false, emailProblems: false }));
    await problems;
    expect(cached()).toEqual({ ...start, emailSales: false, emailProblems: false });
  });

  it('puts back only the switch whose save was refused, after the other one saved', async () => {
    const sales = save({ emailSales: false });
    const problems = save({ emailProblems: false });
    await flush();

    fetcher.calls[1]!.answer(json(200, { ...start, emailProblems: false }));
    await problems;
    fetcher.calls[0]!.answer(json(503, { statusCode: 503, message: 'Down for a moment' }));
    await expect(sales).rejects.toThrow('Down for a moment');

    // What the server has: sales on (refused), problems off (saved).
    expect(cached()).toEqual({ ...start, emailSales: true, emailProblems: false });
  });
});
