import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { Queue } from '../../platform/queue/queue';
import { REPORT_JOB, type ReportService } from './report.service';

const Id = z.string().min(1).max(64);
const REPORT_RETRY_LIMIT = 2;

/**
 * Writes one item report's file (ReportService.run). Idempotent: a report already ended, or held
 * by another worker, is left alone; a try that stops part-way leaves nothing under the report's
 * name, and the next try starts from the first row.
 */
export function itemReportJob(service: ReportService) {
  return defineJob({
    name: REPORT_JOB,
    schema: z.object({ reportId: Id, accountId: Id }).strict(),
    retryLimit: REPORT_RETRY_LIMIT,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
    // Two people's reports are written at once; memory stays flat for each.
    concurrency: 2,
    handler: async (payload, { retryCount, logger }) =>
      service.run(payload, { retryCount, retryLimit: REPORT_RETRY_LIMIT, logger }),
  });
}

/** Every minute: sends again the reports no job is carrying on (see ReportService.sweep). */
export function sweepReportsJob(service: ReportService, queue: Pick<Queue, 'getJob'>) {
  const jobState = async (jobId: string): Promise<string | null> =>
    (await queue.getJob(REPORT_JOB, jobId))?.state ?? null;
  return defineJob({
    name: 'reports.sweep',
    schema: z.object({}).passthrough(),
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    cron: '* * * * *',
    handler: async (_payload, { logger }) => {
      const { resent, failed } = await service.sweep(jobState, logger);
      if (resent > 0 || failed > 0) logger.info({ resent, failed }, 'item report sweep');
    },
  });
}

/** Every hour: reports past their keeping time are removed with their files. */
export function pruneReportsJob(service: ReportService) {
  return defineJob({
    name: 'reports.prune',
    schema: z.object({}).passthrough(),
    retryLimit: 1,
    expireInSeconds: 15 * 60,
    cron: '17 * * * *',
    handler: async (_payload, { logger }) => {
      await service.prune(logger);
    },
  });
}
