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

/**
 * How many runs are followed over their own event stream at once; the others are asked for
 * their progress every few seconds. A browser opens at most six HTTP/1.1 connections to one
 * server and a stream holds one for as long as its run lasts: with a stream per run, a few
 * runs at once would leave the page's own requests waiting.
 */
export const BULK_RUN_STREAMS_MAX = 2;

/** The runs that may stream: the latest ones, which are the likeliest to be under way. */
export function streamedRuns(runIds: readonly string[]): ReadonlySet<string> {
  return new Set(runIds.slice(-BULK_RUN_STREAMS_MAX));
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

/**
 * The followed runs with the server's active ones added. A run the inventory picked up from the
 * server (started in another tab or on another device) leaves the active list when it ends; it
 * is followed from the moment it is seen, so how it ended stays shown until it is dismissed.
 * Answers `followed` itself when there is nothing to add.
 */
export function followActive(
  followed: string[],
  active: readonly Pick<BulkActionRun, 'runId'>[],
  dismissed: ReadonlySet<string>,
): string[] {
  const seen = new Set(followed);
  const added = active.map((run) => run.runId).filter((id) => !seen.has(id) && !dismissed.has(id));
  return added.length === 0 ? followed : [...followed, ...new Set(added)];
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
