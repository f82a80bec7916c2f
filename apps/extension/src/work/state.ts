import type { ExtensionMarketplace, ListingOperationKind, NeedsYouReason } from '@listloop/domain';

/**
 * The runner's state, kept in `chrome.storage.local` so that a service worker the browser
 * suspended (or killed) resumes where it was: which operation each marketplace is carrying
 * out and how far it got, the pacing counters, the sales already reported, the last results.
 */

/**
 * How far an operation got. `submitting` is written before the press that sends the form:
 * a worker that finds it on waking cannot know whether the marketplace took the form, and
 * never sends it again (decision 0041).
 */
export type Phase = 'start' | 'submitting' | 'submitted' | 'relist-listing';

export interface CurrentOperation {
  operationId: string;
  itemId: string;
  userId: string;
  kind: ListingOperationKind;
  phase: Phase;
  /** The listing's id there, for a delist, an update or a relist's delist half. */
  listedID: string | null;
  title: string | null;
  /** Epoch ms. */
  leaseExpiresAt: number;
  startedAt: number;
  /** Which half of a relist it is on: set once the delist half is reported. */
  relistHalf?: 'list';
  /** Tries of this operation that met a passing trouble (the server or a photo unreachable). */
  troubles: number;
}

export interface MarketplaceWork {
  /** Whether the seller is signed in there, as the last look found; null before any look. */
  signedIn: boolean | null;
  /** The work tab the runner uses on this marketplace, if open. */
  tabId: number | null;
  current: CurrentOperation | null;
  /** Not before this (epoch ms): the pacing delay after the last operation. */
  nextAt: number;
  /** The local day the count is for (YYYY-MM-DD), and operations started that day. */
  day: string;
  startedToday: number;
  /** Epoch ms of the last look at the sold list. */
  soldCheckedAt: number;
  /** Orders already reported (or known not to be ours), newest last, bounded. */
  seenOrders: string[];
}

export interface WorkResult {
  at: number;
  /** When the operation was claimed (epoch ms); null for a sale. */
  startedAt: number | null;
  marketplace: ExtensionMarketplace;
  operation: ListingOperationKind | 'sale';
  title: string | null;
  outcome: 'done' | 'failed' | 'needs_you' | 'lost';
  /** The listing's page there, when there is one. */
  url: string | null;
  /** The marketplace's or the server's words, or the reason of a stop. */
  message: string | null;
  reason: NeedsYouReason | null;
}

export interface WorkState {
  marketplaces: Partial<Record<ExtensionMarketplace, MarketplaceWork>>;
  /** Newest first, at most RESULTS_KEPT. */
  results: WorkResult[];
  /** When presence was last sent (epoch ms) and what it said, to send changes at once. */
  presenceSentAt: number;
  presenceSent: string;
}

export const WORK_KEY = 'work';
export const RESULTS_KEPT = 20;
export const SEEN_ORDERS_KEPT = 500;

export const EMPTY_WORK: WorkState = {
  marketplaces: {},
  results: [],
  presenceSentAt: 0,
  presenceSent: '',
};

export function emptyMarketplace(): MarketplaceWork {
  return {
    signedIn: null,
    tabId: null,
    current: null,
    nextAt: 0,
    day: '',
    startedToday: 0,
    soldCheckedAt: 0,
    seenOrders: [],
  };
}

export interface KeyValueArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/**
 * Reads and writes the state one change at a time: marketplaces work side by side, and two
 * read-modify-writes must not lose each other's change.
 */
export function createWorkStore(area: KeyValueArea) {
  let chain: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<WorkState> => {
    const stored = (await area.get(WORK_KEY))[WORK_KEY];
    return stored && typeof stored === 'object'
      ? { ...EMPTY_WORK, ...(stored as Partial<WorkState>) }
      : EMPTY_WORK;
  };
  const update = <T>(change: (state: WorkState) => T): Promise<T> => {
    const next = chain.then(async () => {
      const state = structuredClone(await read());
      const answer = change(state);
      await area.set({ [WORK_KEY]: state });
      return answer;
    });
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    read,
    update,
    marketplace: async (marketplace: ExtensionMarketplace) =>
      (await read()).marketplaces[marketplace] ?? emptyMarketplace(),
    updateMarketplace: <T>(
      marketplace: ExtensionMarketplace,
      change: (work: MarketplaceWork) => T,
    ): Promise<T> =>
      update((state) => {
        const work = state.marketplaces[marketplace] ?? emptyMarketplace();
        state.marketplaces[marketplace] = work;
        return change(work);
      }),
    addResult: (result: WorkResult) =>
      update((state) => {
        state.results = [result, ...state.results].slice(0, RESULTS_KEPT);
      }),
  };
}
export type WorkStore = ReturnType<typeof createWorkStore>;
