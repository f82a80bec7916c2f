import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Logger } from 'pino';

export interface JobContext {
  jobId: string;
  /** How many times this job has been tried before (0 on the first try). */
  retryCount: number;
  logger: Logger;
}

/** One job of a batch: its payload, its context, and a way to run work inside its trace. */
export interface BatchRun<P> {
  payload: P;
  context: JobContext;
  /** Runs `work` in a span of this job, continuing the trace it was sent from. */
  traced<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * A job is a name, a payload schema and a handler. Handlers must be idempotent: a job can run
 * again after a crash or a retry, and a second run must leave the same result as one.
 */
export interface JobDefinition<TSchema extends z.ZodType = z.ZodType> {
  name: string;
  schema: TSchema;
  handler: (payload: z.output<TSchema>, context: JobContext) => Promise<void>;
  /**
   * Takes the jobs of one fetch (up to `batchSize`) together instead of one `handler` call
   * each, so work on the same thing can share its reads and writes. It answers, per run in
   * order, the error that failed that job (retried as a thrown `handler` error would be) or
   * undefined when it is done; the others are completed.
   */
  batchHandler?: (
    runs: readonly BatchRun<z.output<TSchema>>[],
  ) => Promise<readonly (unknown | undefined)[]>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  /** Jobs fetched per poll. */
  batchSize?: number;
  /** Jobs of this name one process works on at once (one pg-boss worker each); default 1. */
  concurrency?: number;
}

/**
 * How a module hands work to one job: the payload, and the id that makes a second send of the
 * same work the same job. The module decides the id (its idempotency rule); the composition
 * root forwards the call to the queue.
 */
export type SendJob<P> = (payload: P, options?: { id?: string }) => Promise<unknown>;

export function defineJob<TSchema extends z.ZodType>(definition: JobDefinition<TSchema>) {
  return definition;
}

/**
 * A job id (a UUID, as pg-boss wants) made from the job's name and a seed, so sending the
 * same job twice sends it once: pg-boss ignores a second job with the same id.
 */
export function stableJobId(name: string, seed: string): string {
  const hex = crypto.createHash('sha256').update(`${name}:${seed}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
