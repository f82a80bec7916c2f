import type { StepRequest, StepResult } from '../adapters/contract';

/**
 * The runner's hands: the work tab of each marketplace, and the content script in it. An
 * interface, so the runner's rules are tested without a browser; `chromeTabs` is the real one.
 */
export interface Tabs {
  /** Opens `url` in the given work tab (a new one when it is gone); answers once it loaded. */
  open(url: string, tabId: number | null): Promise<number>;
  /**
   * One step of the page driver. Retried while the page has no driver yet (still loading);
   * a step the page did not answer because it navigated away throws `PageGoneError`.
   */
  step(tabId: number, request: StepRequest): Promise<StepResult>;
  /** Sends what the last step prepared (the submitting press). False: nothing was pending. */
  commit(tabId: number): Promise<boolean>;
  /** Waits for the tab's current navigation, if any, to finish. */
  settled(tabId: number): Promise<void>;
  url(tabId: number): Promise<string | null>;
  close(tabId: number): Promise<void>;
}

/** The page navigated (or closed) while a step was running in it. */
export class PageGoneError extends Error {}

/** The messages between the service worker and the content scripts. */
export type ContentMessage = { listloop: 'step'; request: StepRequest } | { listloop: 'commit' };
export type CommitReply = { committed: boolean };

const LOAD_TIMEOUT_MS = 30_000;
const RECEIVER_TIMEOUT_MS = 15_000;
const WORK_WINDOW_KEY = 'workWindowId';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isNoReceiver(error: unknown): boolean {
  return /Receiving end does not exist|Could not establish connection/i.test(String(error));
}

function isPortClosed(error: unknown): boolean {
  return /message port closed|back\/forward cache|frame .* removed|No tab with id/i.test(
    String(error),
  );
}

async function waitComplete(tabId: number, timeoutMs = LOAD_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Loading states come and go (redirects); a page counts as loaded once it stays complete.
  let completeSince = 0;
  while (Date.now() < deadline) {
    const tab = await chrome.tabs.get(tabId).catch(() => null);
    if (!tab) throw new PageGoneError('The work tab was closed.');
    if (tab.status === 'complete') {
      completeSince ||= Date.now();
      if (Date.now() - completeSince >= 150) return;
    } else {
      completeSince = 0;
    }
    await sleep(50);
  }
}

/**
 * The work tabs live in a window of their own, opened without focus, so the seller's own tabs
 * are left alone; it is opened again if the seller closes it.
 */
async function workWindow(url: string): Promise<number> {
  const stored = (await chrome.storage.session.get(WORK_WINDOW_KEY))[WORK_WINDOW_KEY];
  if (typeof stored === 'number') {
    const window = await chrome.windows.get(stored).catch(() => null);
    if (window) {
      const tab = await chrome.tabs.create({ windowId: stored, url, active: false });
      return tab.id!;
    }
  }
  const window = await chrome.windows.create({ url, focused: false, type: 'normal' });
  await chrome.storage.session.set({ [WORK_WINDOW_KEY]: window!.id });
  return window!.tabs![0]!.id!;
}

export function chromeTabs(): Tabs {
  const send = <T>(tabId: number, message: ContentMessage) =>
    chrome.tabs.sendMessage(tabId, message) as Promise<T>;

  return {
    async open(url, tabId) {
      const existing = tabId === null ? null : await chrome.tabs.get(tabId).catch(() => null);
      let id: number;
      if (existing?.id !== undefined) {
        await chrome.tabs.update(existing.id, { url });
        id = existing.id;
        // The update starts a navigation; give it a moment to leave the old page's complete.
        await sleep(100);
      } else {
        id = await workWindow(url);
      }
      await waitComplete(id);
      return id;
    },

    async step(tabId, request) {
      const deadline = Date.now() + RECEIVER_TIMEOUT_MS;
      for (;;) {
        try {
          const answer = await send<StepResult | undefined>(tabId, { listloop: 'step', request });
          if (answer) return answer;
          throw new PageGoneError('The page answered nothing.');
        } catch (error) {
          if (error instanceof PageGoneError) throw error;
          if (isNoReceiver(error) && Date.now() < deadline) {
            await sleep(250);
            continue;
          }
          if (isPortClosed(error)) throw new PageGoneError(String(error));
          throw error;
        }
      }
    },

    async commit(tabId) {
      try {
        return (await send<CommitReply>(tabId, { listloop: 'commit' }))?.committed === true;
      } catch (error) {
        if (isNoReceiver(error)) return false;
        throw error;
      }
    },

    settled: (tabId) => waitComplete(tabId),

    async url(tabId) {
      return (await chrome.tabs.get(tabId).catch(() => null))?.url ?? null;
    },

    async close(tabId) {
      await chrome.tabs.remove(tabId).catch(() => undefined);
    },
  };
}
