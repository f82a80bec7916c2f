import {
  isLiveListing,
  listingActor,
  listingStateOf,
  phaseOf,
  tryTransition,
  type MarketplaceId,
} from '@listloop/domain';
import type { ItemRecord } from '../items';
import { groupExecutor, type ListingExecutor, type ListingOperationRow } from '../listings';
import type { SaleOutcomeRow } from './sale-detection.repository';

/**
 * What a sale does on each of the item's other marketplaces, worked out from the locked item
 * without writing: the sale workflow's steps carry it out. Pure, so a retry of the same sale
 * on the same rows plans the same thing.
 */

/** One marketplace's outcome as the Sales screen shows it, before it names its event. */
export interface PlannedOutcome {
  marketplace: string;
  outcome: SaleOutcomeRow['outcome'];
  operationId: string | null;
}

export interface Target {
  marketplace: MarketplaceId;
  executor: ListingExecutor;
}

/** The item sold out: where a queued list stops, where the live listing comes down. */
export interface TakeDownPlan {
  outcomes: PlannedOutcome[];
  stops: (Target & { reason: string })[];
  delists: Target[];
}

/** Units are left: where a relist lists the new quantity, where the quantity is set. */
export interface UnitsLeftPlan {
  outcomes: PlannedOutcome[];
  relists: Target[];
  quantityOn: MarketplaceId[];
}

export interface PlanInput {
  row: ItemRecord;
  /** The item's marketplaces other than the one it sold on. */
  others: readonly MarketplaceId[];
  /** The operations queued or running on them, read under the item's lock. */
  inFlight: ReadonlyMap<string, ListingOperationRow>;
  /** Who carries out an operation on each, read before the lock. */
  executors: ReadonlyMap<string, ListingExecutor>;
}

const phaseOn = (row: ItemRecord, marketplace: MarketplaceId) =>
  phaseOf(listingStateOf((row.listings[marketplace] as Record<string, unknown>) ?? null));

const stateOn = (row: ItemRecord, marketplace: MarketplaceId) =>
  listingStateOf((row.listings[marketplace] as Record<string, unknown>) ?? null);

// A marketplace the item gained since the executors were read: the marketplace's group decides.
const executorOn = (input: PlanInput, marketplace: MarketplaceId) =>
  input.executors.get(marketplace) ?? groupExecutor(marketplace);

export function planTakeDown(
  input: PlanInput,
  options: { autoDelist: boolean; soldWhere: string },
): TakeDownPlan {
  const plan: TakeDownPlan = { outcomes: [], stops: [], delists: [] };
  const { autoDelist, soldWhere } = options;
  for (const marketplace of input.others) {
    const state = stateOn(input.row, marketplace);
    const phase = phaseOf(state);
    const executor = executorOn(input, marketplace);
    // Nothing is live yet: a list on its way must not put up what is gone.
    if (phase === 'queued:list') {
      plan.stops.push({ marketplace, executor, reason: `${soldWhere} before it was listed.` });
      continue;
    }
    if (phase === 'queued:relist' && autoDelist) {
      const reason = `${soldWhere} before it was relisted; the listing comes down instead.`;
      plan.stops.push({ marketplace, executor, reason });
      continue;
    }
    if (phase === 'queued:delist') {
      // Already on its way down (a person's delist): that delist is this sale's too.
      const operationId = input.inFlight.get(marketplace)?.id ?? null;
      plan.outcomes.push({ marketplace, outcome: 'delist_queued', operationId });
      continue;
    }
    if (phase === 'queued:relist') {
      plan.outcomes.push({ marketplace, outcome: 'not_enabled', operationId: null });
      continue;
    }
    if (!isLiveListing(state)) {
      plan.outcomes.push({ marketplace, outcome: 'not_listed', operationId: null });
      continue;
    }
    if (!autoDelist) {
      plan.outcomes.push({ marketplace, outcome: 'not_enabled', operationId: null });
      continue;
    }
    plan.delists.push({ marketplace, executor });
  }
  return plan;
}

export function planUnitsLeft(
  input: PlanInput,
  options: { forceDelistRelist: Partial<Record<MarketplaceId, { enabled: boolean }>>; at: number },
): UnitsLeftPlan {
  const plan: UnitsLeftPlan = { outcomes: [], relists: [], quantityOn: [] };
  for (const marketplace of input.others) {
    const phase = phaseOn(input.row, marketplace);
    // A list or relist on its way goes on: it is built when it runs, with the new quantity.
    if (phase === 'queued:list' || phase === 'queued:relist') {
      const operationId = input.inFlight.get(marketplace)?.id ?? null;
      const outcome = phase === 'queued:list' ? 'list_queued' : 'relist_queued';
      plan.outcomes.push({ marketplace, outcome, operationId });
      continue;
    }
    const state = stateOn(input.row, marketplace);
    if (!isLiveListing(state)) {
      plan.outcomes.push({ marketplace, outcome: 'not_listed', operationId: null });
      continue;
    }
    // The seller has this marketplace's listings changed by delisting and relisting: the
    // relist lists the new quantity (the extension's marketplaces change it no other way).
    const relist =
      options.forceDelistRelist[marketplace]?.enabled === true &&
      tryTransition(
        state,
        { type: 'relist' },
        { marketplace, at: options.at, by: listingActor.system },
      ).ok;
    if (!relist) {
      plan.outcomes.push({ marketplace, outcome: 'quantity_left', operationId: null });
      plan.quantityOn.push(marketplace);
      continue;
    }
    plan.relists.push({ marketplace, executor: executorOn(input, marketplace) });
  }
  return plan;
}
