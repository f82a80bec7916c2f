import { ExecutorQueueResponseSchema, type ExecutorQueueEntry } from '@listloop/domain';
import { ServerUnavailableError, UnpairedError, type WorkClient } from '../api';

/**
 * The extension's queue as the popup shows it: read from the server (the runner keeps only
 * what it works on now), grouped the way a seller acts on it.
 */

const EXECUTOR = '/api/rest/v1/executor';

export interface QueueGroups {
  running: ExecutorQueueEntry[];
  /** Held for the seller: nothing happens to these until "Try again". */
  needsYou: ExecutorQueueEntry[];
  waiting: ExecutorQueueEntry[];
}

/** Running first: a running operation is being worked on whatever it was held for before. */
export function groupQueue(operations: readonly ExecutorQueueEntry[]): QueueGroups {
  const groups: QueueGroups = { running: [], needsYou: [], waiting: [] };
  for (const entry of operations) {
    if (entry.status === 'running') groups.running.push(entry);
    else if (entry.needsYou) groups.needsYou.push(entry);
    else if (entry.status === 'queued') groups.waiting.push(entry);
  }
  return groups;
}

export type QueueRead =
  | { kind: 'ok'; groups: QueueGroups }
  /** The server refused the token: the pairing is gone, and the popup says so. */
  | { kind: 'unpaired' }
  /** The server is out of reach (or 5xx): the last queue stands until it answers. */
  | { kind: 'unreachable' }
  | { kind: 'failed'; message: string };

type Client = Pick<WorkClient, 'call' | 'messageOf'>;

export async function readQueue(client: Client): Promise<QueueRead> {
  try {
    const answer = await client.call('GET', `${EXECUTOR}/queue`);
    if (answer.status !== 200) return { kind: 'failed', message: client.messageOf(answer) };
    const parsed = ExecutorQueueResponseSchema.safeParse(answer.body);
    return parsed.success
      ? { kind: 'ok', groups: groupQueue(parsed.data.operations) }
      : { kind: 'failed', message: 'The server answered in an unexpected shape.' };
  } catch (error) {
    return settle(error);
  }
}

export type TryAgainResult =
  | { kind: 'ok' }
  | { kind: 'unpaired' }
  | { kind: 'unreachable' }
  /** The server said no (409: it is not held any more, and says what it is doing instead). */
  | { kind: 'refused'; message: string };

/** The seller's "Try again": the held operation is offered to the next claim. */
export async function tryAgain(client: Client, operationId: string): Promise<TryAgainResult> {
  try {
    const answer = await client.call(
      'POST',
      `${EXECUTOR}/operations/${encodeURIComponent(operationId)}/resume`,
    );
    return answer.status === 200
      ? { kind: 'ok' }
      : { kind: 'refused', message: client.messageOf(answer) };
  } catch (error) {
    return settle(error);
  }
}

function settle(error: unknown): { kind: 'unpaired' } | { kind: 'unreachable' } {
  if (error instanceof UnpairedError) return { kind: 'unpaired' };
  if (error instanceof ServerUnavailableError) return { kind: 'unreachable' };
  throw error;
}
