import {
  BulkActionRunSchema,
  isBulkActionRunFinished,
  type BulkActionRun,
  type BulkSelection,
} from '@listloop/domain';
import type { ItemListFilters } from '../../lib/inventory/item.api';

/** What a bulk action is asked to work on: the items picked, or every item the filters match. */
export function selectionOf(input: {
  allMatching: boolean;
  filters: ItemListFilters;
  itemIds: readonly string[];
}): BulkSelection {
  if (!input.allMatching) return { itemIds: [...input.itemIds] };
  const filter = Object.fromEntries(
    Object.entries(input.filters).filter(([, value]) => value !== undefined && value !== ''),
  );
  return { filter };
}

export function isRunActive(run: Pick<BulkActionRun, 'status'> | undefined): boolean {
  return run !== undefined && !isBulkActionRunFinished(run.status);
}

/** How far the run has come, 0 to 100. */
export function runPercent(run: Pick<BulkActionRun, 'processed' | 'total'>): number {
  if (run.total <= 0) return 0;
  return Math.min(100, Math.round((run.processed / run.total) * 100));
}

/** A run from an event of the progress stream; null for anything else. */
export function parseRunEvent(data: unknown): BulkActionRun | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = BulkActionRunSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The runs the inventory shows: those it is following, then those the server says run. */
export function runsToShow(
  followed: readonly string[],
  active: readonly Pick<BulkActionRun, 'runId'>[],
  dismissed: ReadonlySet<string>,
): string[] {
  const ids = [...followed, ...active.map((run) => run.runId)];
  return [...new Set(ids)].filter((id) => !dismissed.has(id));
}

/** Where the followed runs are kept for the tab, so a reload shows a finished run's outcome. */
export const FOLLOWED_RUNS_KEY = 'listloop.bulkRuns';
/** At most this many runs are followed at once; the oldest go first. */
export const FOLLOWED_RUNS_MAX = 5;

export function readFollowedRuns(storage: Pick<Storage, 'getItem'> | undefined): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(FOLLOWED_RUNS_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((id): id is string => typeof id === 'string').slice(-FOLLOWED_RUNS_MAX)
      : [];
  } catch {
    return [];
  }
}

export function writeFollowedRuns(
  storage: Pick<Storage, 'setItem'> | undefined,
  ids: readonly string[],
): void {
  try {
    storage?.setItem(FOLLOWED_RUNS_KEY, JSON.stringify(ids.slice(-FOLLOWED_RUNS_MAX)));
  } catch {
    // Private mode or a full storage: the runs are still followed until the page reloads.
  }
}
