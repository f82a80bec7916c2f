import type {
  BuiltListing,
  ExtensionMarketplace,
  ListingOperationKind,
  NeedsYouReason,
} from '@listloop/domain';
import type { Adapter, PagePhoto, SoldEntry, StepRequest, StepResult } from '../adapters/contract';
import { ServerUnavailableError, UnpairedError, type ApiAnswer, type WorkClient } from '../api';
import type { PairingState } from '../pairing';
import { toBase64 } from '../page/photos';
import type { WorkSettings } from './settings';
import { SEEN_ORDERS_KEPT, type CurrentOperation, type WorkResult, type WorkStore } from './state';
import { PageGoneError, type Tabs } from './tabs';

/**
 * The extension's work loop (decision 0041). Each tick, for every marketplace the account has
 * the extension work: carry on with the operation it holds (from its stored phase), or read the
 * sold list when it is due, or claim the next operation when the pacing allows. Marketplaces
 * work side by side; on one marketplace there is never more than one thing at a time.
 */

/** How long a claim holds an operation; renewed every HEARTBEAT_MS while working. */
export const LEASE_SECONDS = 180;
export const HEARTBEAT_MS = 45_000;
/** A passing trouble (server, photos, a page that went away) is retried this often, then handed over. */
export const TROUBLES_MAX = 3;
/** How soon a marketplace whose signed-in state is unknown (its page not known) is looked at again. */
export const UNKNOWN_RETRY_MS = 30_000;
/** Sales older than this on a sold list are not reported (they are history, not news). */
export const SALE_NEWS_MS = 30 * 24 * 3600_000;

const EXECUTOR = '/api/rest/v1/executor';

export interface RunnerDeps {
  store: WorkStore;
  settings: () => Promise<WorkSettings>;
  pairing: () => Promise<PairingState>;
  /** The server refused the token: forget it and say so (pairing.ts). */
  unpaired: () => Promise<void>;
  client: (server: string, token: string) => WorkClient;
  tabs: Tabs;
  adapters: Partial<Record<ExtensionMarketplace, Adapter>>;
  now: () => number;
  random: () => number;
  /** The local day, YYYY-MM-DD: the daily cap counts per local day. */
  today: () => string;
}

interface Work {
  marketplace: ExtensionMarketplace;
  adapter: Adapter;
  client: WorkClient;
  executorId: string;
}

interface OperationDetail {
  operation: { status: string; needsYou: unknown };
  item: { listings?: Record<string, { listedID?: string | null; listingURL?: string | null }> };
  listing: BuiltListing;
}

const REPORT_PATHS = {
  listed: 'set-listing-listed',
  delisted: 'set-listing-delisted',
  updated: 'set-listing-updated',
  list_failure: 'set-listing-list-failure',
  delist_failure: 'set-listing-delist-failure',
  update_failure: 'set-listing-update-failure',
} as const;

export function createRunner(deps: RunnerDeps) {
  const busy = new Set<ExtensionMarketplace>();
  let presenceBusy = false;

  const itemPath = (op: CurrentOperation, report: keyof typeof REPORT_PATHS) =>
    `/api/account/item/${encodeURIComponent(op.userId)}/${encodeURIComponent(op.itemId)}/${REPORT_PATHS[report]}`;

  async function result(work: Work, op: CurrentOperation | null, entry: Partial<WorkResult>) {
    await deps.store.addResult({
      at: deps.now(),
      startedAt: op?.startedAt ?? null,
      marketplace: work.marketplace,
      operation: op?.kind ?? 'sale',
      title: op?.title ?? null,
      outcome: 'done',
      url: null,
      message: null,
      reason: null,
      ...entry,
    });
  }

  /** Ends the operation here: the next one waits for the pacing delay. */
  async function finish(work: Work) {
    const settings = await deps.settings();
    const { min, max } = settings.delaySeconds;
    const delay = (min + deps.random() * (max - min)) * 1000;
    await deps.store.updateMarketplace(work.marketplace, (w) => {
      w.current = null;
      w.nextAt = deps.now() + delay;
    });
  }

  const setPhase = (
    work: Work,
    phase: CurrentOperation['phase'],
    extra: Partial<CurrentOperation> = {},
  ) =>
    deps.store.updateMarketplace(work.marketplace, (w) => {
      if (w.current) Object.assign(w.current, { phase, ...extra });
    });

  /** A report's answer: taken (200), or refused because the operation moved on (409, 404). */
  async function report(
    work: Work,
    op: CurrentOperation,
    kind: keyof typeof REPORT_PATHS,
    body: object,
  ) {
    const answer = await work.client.call('POST', itemPath(op, kind), {
      marketplace: work.marketplace,
      executorId: work.executorId,
      ...body,
    });
    return answer;
  }

  async function settleReport(
    work: Work,
    op: CurrentOperation,
    answer: ApiAnswer,
    done: Partial<WorkResult>,
  ) {
    if (answer.status === 200) {
      await result(work, op, done);
    } else {
      // The operation was canceled (the item sold) or another browser took it over.
      await result(work, op, { outcome: 'lost', message: work.client.messageOf(answer) });
    }
    await finish(work);
  }

  async function needsYou(
    work: Work,
    op: CurrentOperation,
    reason: NeedsYouReason,
    detail: string | null,
    tabId: number | null,
  ) {
    const pageUrl = tabId === null ? null : await deps.tabs.url(tabId);
    const answer = await work.client.call(
      'POST',
      `${EXECUTOR}/operations/${op.operationId}/needs-you`,
      {
        reason,
        ...(detail ? { detail: detail.slice(0, 500) } : {}),
        ...(pageUrl && /^https?:/.test(pageUrl) ? { pageUrl } : {}),
        executorId: work.executorId,
      },
    );
    if (reason === 'signed_out') {
      await deps.store.updateMarketplace(work.marketplace, (w) => {
        w.signedIn = false;
      });
    }
    await settleReport(work, op, answer, {
      outcome: 'needs_you',
      reason,
      message: detail,
      url: pageUrl,
    });
  }

  /** What a page answered, turned into the report it calls for. */
  async function conclude(
    work: Work,
    op: CurrentOperation,
    outcome: StepResult,
    tabId: number,
    phase: 'list' | 'delist' | 'update',
  ) {
    switch (outcome.kind) {
      case 'listed': {
        const answer = await report(work, op, 'listed', {
          listedID: outcome.listedID,
          listingURL: outcome.listingURL,
        });
        return settleReport(work, op, answer, { url: outcome.listingURL, operation: op.kind });
      }
      case 'delisted': {
        const answer = await report(work, op, 'delisted', {});
        if (op.kind === 'relist' && answer.status === 200) {
          // The relist's second half: list it again, from the sell form.
          await setPhase(work, 'relist-listing', { relistHalf: 'list' });
          return carryOut(work, { ...op, phase: 'relist-listing', relistHalf: 'list' });
        }
        return settleReport(work, op, answer, {});
      }
      case 'updated': {
        const answer = await report(work, op, 'updated', {});
        return settleReport(work, op, answer, {});
      }
      case 'refused': {
        const kind =
          phase === 'list'
            ? 'list_failure'
            : phase === 'delist'
              ? 'delist_failure'
              : 'update_failure';
        const answer = await report(work, op, kind, { reason: outcome.message.slice(0, 2000) });
        return settleReport(work, op, answer, { outcome: 'failed', message: outcome.message });
      }
      case 'stop':
        return needsYou(work, op, outcome.reason, outcome.detail, tabId);
      default:
        return needsYou(work, op, 'unknown_layout', `The page answered ${outcome.kind}.`, tabId);
    }
  }

  /** A step on a page that may navigate while it runs: asked again once the page settled. */
  async function readAfterSubmit(tabId: number, request: StepRequest): Promise<StepResult> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await deps.tabs.settled(tabId);
        return await deps.tabs.step(tabId, request);
      } catch (error) {
        if (!(error instanceof PageGoneError) || attempt >= 3) throw error;
      }
    }
  }

  async function photosOf(work: Work, listing: BuiltListing): Promise<PagePhoto[]> {
    const urls = listing.photos.slice(0, work.adapter.maxPhotos);
    const photos: PagePhoto[] = [];
    for (const [index, url] of urls.entries()) {
      const { bytes, type } = await work.client.photo(url);
      const extension = type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg';
      photos.push({ name: `photo-${index + 1}.${extension}`, type, base64: toBase64(bytes) });
    }
    return photos;
  }

  /**
   * Sends what the page prepared, with the phase noted first: a worker that wakes to find
   * `submitting` never sends it again.
   */
  async function send(work: Work, tabId: number): Promise<boolean> {
    await setPhase(work, 'submitting');
    if (!(await deps.tabs.commit(tabId))) {
      await setPhase(work, 'start');
      return false;
    }
    await setPhase(work, 'submitted');
    return true;
  }

  async function tabOf(work: Work) {
    return (await deps.store.marketplace(work.marketplace)).tabId;
  }

  async function openPage(work: Work, path: string): Promise<number> {
    const tabId = await deps.tabs.open(`${work.adapter.site.origin}${path}`, await tabOf(work));
    await deps.store.updateMarketplace(work.marketplace, (w) => {
      w.tabId = tabId;
    });
    return tabId;
  }

  async function list(work: Work, op: CurrentOperation, listing: BuiltListing) {
    const mapped = work.adapter.map(listing);
    if (!mapped.ok) {
      return conclude(work, op, { kind: 'refused', message: mapped.message }, -1, 'list');
    }
    const photos = await photosOf(work, listing);
    const tabId = await openPage(work, work.adapter.site.sell);
    const filled = await deps.tabs.step(tabId, { step: 'fill', values: mapped.values, photos });
    if (filled.kind !== 'submitted') return conclude(work, op, filled, tabId, 'list');
    if (!(await send(work, tabId)))
      throw new PageGoneError('The sell form went away before it was sent.');
    return conclude(
      work,
      op,
      await readAfterSubmit(tabId, { step: 'read-listed', values: mapped.values }),
      tabId,
      'list',
    );
  }

  async function delist(work: Work, op: CurrentOperation, listedID: string | null) {
    if (!listedID) {
      // Nothing ListLoop knows of is there to take down.
      return conclude(work, op, { kind: 'delisted' }, -1, 'delist');
    }
    const site = work.adapter.site;
    const tabId = await openPage(
      work,
      site.delistFrom === 'edit' ? site.edit(listedID) : site.listing(listedID),
    );
    const ready = await deps.tabs.step(tabId, { step: 'delist', listedID });
    if (ready.kind !== 'submitted') return conclude(work, op, ready, tabId, 'delist');
    if (!(await send(work, tabId)))
      throw new PageGoneError('The listing’s page went away before the delete.');
    return conclude(
      work,
      op,
      await readAfterSubmit(tabId, { step: 'read-delisted', listedID }),
      tabId,
      'delist',
    );
  }

  async function update(
    work: Work,
    op: CurrentOperation,
    listing: BuiltListing,
    listedID: string | null,
  ) {
    if (!listedID) {
      return conclude(
        work,
        op,
        { kind: 'refused', message: 'ListLoop does not know this listing’s id there.' },
        -1,
        'update',
      );
    }
    const mapped = work.adapter.map(listing);
    if (!mapped.ok)
      return conclude(work, op, { kind: 'refused', message: mapped.message }, -1, 'update');
    const tabId = await openPage(work, work.adapter.site.edit(listedID));
    const ready = await deps.tabs.step(tabId, { step: 'update', values: mapped.values });
    if (ready.kind !== 'submitted') return conclude(work, op, ready, tabId, 'update');
    if (!(await send(work, tabId)))
      throw new PageGoneError('The edit form went away before it was sent.');
    return conclude(
      work,
      op,
      await readAfterSubmit(tabId, { step: 'read-updated' }),
      tabId,
      'update',
    );
  }

  /**
   * A send that a worker began and did not see through: the page it left may show the result
   * (the new listing's page), else whether the marketplace took it is unknown.
   */
  async function resumeSent(
    work: Work,
    op: CurrentOperation,
    listedID: string | null,
    listing: BuiltListing,
  ) {
    const tabId = await tabOf(work);
    const mapped = work.adapter.map(listing);
    const request: StepRequest =
      op.kind === 'update'
        ? { step: 'read-updated' }
        : op.kind === 'delist' || (op.kind === 'relist' && op.relistHalf !== 'list')
          ? { step: 'read-delisted', listedID: listedID ?? '' }
          : { step: 'read-listed', ...(mapped.ok ? { values: mapped.values } : {}) };
    const phase =
      request.step === 'read-updated'
        ? 'update'
        : request.step === 'read-delisted'
          ? 'delist'
          : 'list';
    let seen: StepResult | null = null;
    if (tabId !== null) {
      seen = await readAfterSubmit(tabId, request).catch(() => null);
    }
    if (
      seen &&
      (seen.kind === 'listed' ||
        seen.kind === 'delisted' ||
        seen.kind === 'updated' ||
        seen.kind === 'refused')
    ) {
      return conclude(work, op, seen, tabId!, phase);
    }
    if (phase !== 'list') {
      // A delete or an update sent twice does no harm: do it again from the start.
      await setPhase(work, 'start');
      return carryOut(work, { ...op, phase: 'start' });
    }
    // A listing sent twice is two listings: the seller looks first.
    return needsYou(
      work,
      op,
      'interrupted',
      'The browser closed the page while the listing was being sent.',
      tabId,
    );
  }

  async function carryOut(work: Work, op: CurrentOperation): Promise<void> {
    const detail = await work.client.call('GET', `${EXECUTOR}/operations/${op.operationId}`);
    if (detail.status !== 200) {
      await result(work, op, { outcome: 'lost', message: work.client.messageOf(detail) });
      return finish(work);
    }
    const { operation, item, listing } = detail.body as OperationDetail;
    if (operation.status !== 'running' || operation.needsYou) {
      // Its lease ran out and it went elsewhere, or the seller was handed it: not ours now.
      await result(work, op, { outcome: 'lost', message: null });
      return finish(work);
    }
    const title = listing.title || null;
    if (op.title !== title) await setPhase(work, op.phase, { title });
    op = { ...op, title };
    const listedID = item.listings?.[work.marketplace]?.listedID ?? null;
    if (op.phase === 'submitting' || op.phase === 'submitted')
      return resumeSent(work, op, listedID, listing);
    switch (op.kind) {
      case 'list':
        return list(work, op, listing);
      case 'delist':
        return delist(work, op, listedID);
      case 'update':
        return update(work, op, listing, listedID);
      case 'relist':
        return op.relistHalf === 'list' ? list(work, op, listing) : delist(work, op, listedID);
    }
  }

  /** Keeps the lease while the operation runs; a refusal (canceled, taken) is seen at report. */
  function heartbeat(work: Work, op: CurrentOperation) {
    const timer = setInterval(() => {
      void work.client
        .call('POST', `${EXECUTOR}/operations/${op.operationId}/heartbeat`, {
          leaseSeconds: LEASE_SECONDS,
          executorId: work.executorId,
        })
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }

  async function runOperation(work: Work, op: CurrentOperation) {
    const stop = heartbeat(work, op);
    try {
      await carryOut(work, op);
    } catch (error) {
      if (error instanceof UnpairedError) throw error;
      const current = (await deps.store.marketplace(work.marketplace)).current;
      if (!current) return;
      const troubles = current.troubles + 1;
      await setPhase(work, current.phase, { troubles });
      if (troubles >= TROUBLES_MAX) {
        const message = error instanceof Error ? error.message : String(error);
        if (current.phase === 'submitting') {
          return needsYou(work, current, 'interrupted', message, await tabOf(work));
        }
        if (error instanceof ServerUnavailableError) {
          // The server itself is away: nothing to report to; the lease hands it on.
          await result(work, current, { outcome: 'lost', message });
          return finish(work);
        }
        return needsYou(work, current, 'unknown_layout', message, await tabOf(work));
      }
    } finally {
      stop();
    }
  }

  async function claim(work: Work): Promise<CurrentOperation | null> {
    const claimed = await work.client.call('POST', `${EXECUTOR}/claim`, {
      marketplaces: [work.marketplace],
      max: 1,
      leaseSeconds: LEASE_SECONDS,
      executorId: work.executorId,
    });
    const [first] =
      claimed.status === 200
        ? (
            claimed.body as {
              operations: {
                operationId: string;
                itemId: string;
                userId: string;
                operation: ListingOperationKind;
                leaseExpiresAt: number;
              }[];
            }
          ).operations
        : [];
    if (!first) return null;
    const op: CurrentOperation = {
      operationId: first.operationId,
      itemId: first.itemId,
      userId: first.userId,
      kind: first.operation,
      phase: 'start',
      listedID: null,
      title: null,
      leaseExpiresAt: first.leaseExpiresAt,
      startedAt: deps.now(),
      troubles: 0,
    };
    await deps.store.updateMarketplace(work.marketplace, (w) => {
      w.current = op;
      w.startedToday += 1;
    });
    return op;
  }

  /** Reads the sold list: new sales go to the server, which takes the item down elsewhere. */
  async function checkSold(work: Work) {
    await deps.store.updateMarketplace(work.marketplace, (w) => {
      w.soldCheckedAt = deps.now();
    });
    const tabId = await openPage(work, work.adapter.site.sold);
    const read = await deps.tabs.step(tabId, { step: 'read-sold' });
    if (read.kind !== 'sold') {
      // A sign-in page says the seller is signed out; a captcha or a block is shown to a
      // signed-in seller (the operation that meets it hands it to them); a page not known
      // says nothing either way.
      const reason = read.kind === 'stop' ? read.reason : null;
      await deps.store.updateMarketplace(work.marketplace, (w) => {
        if (reason === 'signed_out') w.signedIn = false;
        else if (reason === 'captcha' || reason === 'blocked') w.signedIn = true;
      });
      return;
    }
    await deps.store.updateMarketplace(work.marketplace, (w) => {
      w.signedIn = true;
    });
    const seen = new Set((await deps.store.marketplace(work.marketplace)).seenOrders);
    const news = read.sales.filter(
      (sale) =>
        !seen.has(sale.externalOrderId) &&
        (sale.soldAt === null || deps.now() - Date.parse(sale.soldAt) <= SALE_NEWS_MS),
    );
    for (const sale of news) {
      if (await reportSale(work, sale)) {
        await deps.store.updateMarketplace(work.marketplace, (w) => {
          w.seenOrders = [...w.seenOrders, sale.externalOrderId].slice(-SEEN_ORDERS_KEPT);
        });
      }
    }
  }

  /** True once the server has it, or has said it is not one of ours (nothing to retry). */
  async function reportSale(work: Work, sale: SoldEntry): Promise<boolean> {
    if (!sale.listedID) return true;
    const answer = await work.client.call('POST', `${EXECUTOR}/sales`, {
      marketplace: work.marketplace,
      externalOrderId: sale.externalOrderId,
      listedID: sale.listedID,
      quantity: 1,
      ...(sale.price !== null ? { salePrice: sale.price } : {}),
      ...(sale.currency ? { currency: sale.currency } : {}),
      ...(sale.soldAt ? { soldAt: sale.soldAt } : {}),
    });
    if (answer.status === 200) {
      if (!(answer.body as { duplicate?: boolean }).duplicate) {
        await result(work, null, { operation: 'sale', title: sale.title, message: null });
      }
      return true;
    }
    return answer.status === 404;
  }

  async function workOn(work: Work, settings: WorkSettings) {
    const today = deps.today();
    const w = await deps.store.updateMarketplace(work.marketplace, (state) => {
      if (state.day !== today) {
        state.day = today;
        state.startedToday = 0;
      }
      return structuredClone(state);
    });
    if (w.current) return runOperation(work, w.current);
    if (settings.paused) return;
    const now = deps.now();
    // Not known yet whether the seller is signed in there: look again, but not every pass.
    const pollMs = w.signedIn === null ? UNKNOWN_RETRY_MS : settings.soldPollSeconds * 1000;
    if (now - w.soldCheckedAt >= pollMs) return checkSold(work);
    if (w.signedIn === null) return;
    if (!w.signedIn || w.startedToday >= settings.dailyCap || now < w.nextAt) return;
    const op = await claim(work);
    if (op) await runOperation(work, op);
  }

  async function sendPresence(
    client: WorkClient,
    executorId: string,
    marketplaces: ExtensionMarketplace[],
    settings: WorkSettings,
  ) {
    if (presenceBusy) return;
    presenceBusy = true;
    try {
      const state = await deps.store.read();
      // A marketplace not looked at yet is left out rather than said to be signed out.
      const report = marketplaces.flatMap((marketplace) => {
        const signedIn = state.marketplaces[marketplace]?.signedIn;
        return signedIn === null || signedIn === undefined ? [] : [{ marketplace, signedIn }];
      });
      const said = JSON.stringify({ report, paused: settings.paused });
      // Changes at once; otherwise once a minute, well inside the server's ten.
      if (said === state.presenceSent && deps.now() - state.presenceSentAt < 60_000) return;
      await client.call('PUT', `${EXECUTOR}/presence`, {
        executorId,
        marketplaces: report,
        paused: settings.paused,
      });
      await deps.store.update((s) => {
        s.presenceSent = said;
        s.presenceSentAt = deps.now();
      });
    } finally {
      presenceBusy = false;
    }
  }

  /**
   * One pass: answers once the work it started is done. The background starts a pass every
   * few seconds without waiting for the last, so a long operation on one marketplace holds up
   * none of the others; a marketplace still busy from an earlier pass is left to it.
   */
  async function tick(): Promise<void> {
    const pairing = await deps.pairing();
    if (!pairing.server || !pairing.token || !pairing.who) return;
    const client = deps.client(pairing.server, pairing.token);
    const settings = await deps.settings();
    const executorId = `extension:${pairing.tokenId ?? pairing.who.tokenId}`;
    const marketplaces = pairing.who.marketplaces.filter(
      (m) => deps.adapters[m] && !settings.off.includes(m),
    );
    const runs = marketplaces
      .filter((marketplace) => !busy.has(marketplace))
      .map(async (marketplace) => {
        busy.add(marketplace);
        try {
          await workOn(
            { marketplace, adapter: deps.adapters[marketplace]!, client, executorId },
            settings,
          );
        } finally {
          busy.delete(marketplace);
        }
      });
    const outcomes = await Promise.allSettled(runs);
    outcomes.push(
      ...(await Promise.allSettled([sendPresence(client, executorId, marketplaces, settings)])),
    );
    if (outcomes.some((o) => o.status === 'rejected' && o.reason instanceof UnpairedError)) {
      await deps.unpaired();
    }
  }

  return { tick, busy: () => [...busy] };
}
export type Runner = ReturnType<typeof createRunner>;
