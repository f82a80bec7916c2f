import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { itemKeys } from '../../../lib/inventory/item.api';
import { labelKeys } from '../../../lib/inventory/label.api';
import {
  BULK_RUN_POLL_MS,
  bulkActionKeys,
  bulkRunEventsPath,
  bulkRunQueryOptions,
} from '../api/bulk-actions.api';
import { isRunActive, parseRunEvent } from '../bulk-runs';

/**
 * One bulk action run, kept up to date while it is under way: from its Server-Sent Events
 * stream, or by asking every few seconds when the stream cannot be had (or `stream` is false:
 * only a few runs stream at once). When it ends, the inventory and the labels are read again,
 * since the run changed them.
 */
export function useBulkRun(runId: string, { stream = true }: { stream?: boolean } = {}) {
  const queryClient = useQueryClient();
  const [streamFailed, setStreamFailed] = useState(false);
  const streamable = stream && typeof EventSource !== 'undefined' && !streamFailed;
  const query = useQuery({
    ...bulkRunQueryOptions(runId),
    refetchInterval: (current) =>
      !streamable && isRunActive(current.state.data) ? BULK_RUN_POLL_MS : false,
  });
  const active = isRunActive(query.data);

  useEffect(() => {
    if (!active || !streamable) return;
    const source = new EventSource(bulkRunEventsPath(runId));
    const take = (event: Event) => {
      const run = parseRunEvent((event as MessageEvent).data);
      if (run) queryClient.setQueryData(bulkActionKeys.run(runId), run);
    };
    source.addEventListener('progress', take);
    source.addEventListener('end', (event) => {
      take(event);
      // The server closes the stream after this; closing first stops the browser reconnecting.
      source.close();
    });
    // A stream the browser gave up on (refused, or the server is gone): poll instead.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setStreamFailed(true);
    };
    return () => source.close();
  }, [runId, active, streamable, queryClient]);

  // Seen under way and now ended: what it changed is read again.
  const wasActive = useRef(false);
  useEffect(() => {
    if (active) {
      wasActive.current = true;
      return;
    }
    if (!wasActive.current || !query.data) return;
    wasActive.current = false;
    void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    void queryClient.invalidateQueries({ queryKey: labelKeys.all });
    void queryClient.invalidateQueries({ queryKey: bulkActionKeys.active() });
  }, [active, query.data, queryClient]);

  return query;
}
