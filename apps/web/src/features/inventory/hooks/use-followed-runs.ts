import type { BulkActionRun } from '@listloop/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { activeBulkRunsQueryOptions } from '../api/bulk-actions.api';
import { followActive, readFollowedRuns, runsToShow, writeFollowedRuns } from '../bulk-runs';

const storage = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

/**
 * The runs the inventory shows: those started here (kept for the tab, so a reload still shows
 * how they went) and any the server says are under way, until the seller dismisses them.
 */
export function useFollowedRuns() {
  const [followed, setFollowed] = useState<string[]>(() => readFollowedRuns(storage()));
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const active = useQuery(activeBulkRunsQueryOptions());

  // Runs the server says are under way are followed from when they are seen: they leave that
  // list when they end, and their outcome should stay shown until dismissed.
  const [adopted, setAdopted] = useState<BulkActionRun[] | undefined>(undefined);
  if (active.data !== adopted) {
    setAdopted(active.data);
    if (active.data) {
      const runs = active.data;
      setFollowed((current) => {
        const next = followActive(current, runs, dismissed);
        if (next !== current) writeFollowedRuns(storage(), next);
        return next;
      });
    }
  }

  const follow = useCallback((run: Pick<BulkActionRun, 'runId'>) => {
    setFollowed((current) => {
      const next = [...current.filter((id) => id !== run.runId), run.runId];
      writeFollowedRuns(storage(), next);
      return next;
    });
  }, []);

  const dismiss = useCallback((runId: string) => {
    setDismissed((current) => new Set([...current, runId]));
    setFollowed((current) => {
      const next = current.filter((id) => id !== runId);
      writeFollowedRuns(storage(), next);
      return next;
    });
  }, []);

  const runIds = useMemo(
    () => runsToShow(followed, active.data ?? [], dismissed),
    [followed, active.data, dismissed],
  );
  return { runIds, follow, dismiss };
}
