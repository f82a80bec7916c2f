import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { WorkflowService } from './workflow.service';

/**
 * Every five minutes, the eBay import of each account whose workflow keeps importing from
 * eBay and whose time has come. The schedule itself is the workflow row's next time, so it
 * survives restarts and is cleared by switching workflow.
 */
export function workflowImportScheduleJob(workflows: WorkflowService) {
  return defineJob({
    name: 'workflow.ebay-import-schedule',
    schema: z.object({}).passthrough(),
    cron: '*/5 * * * *',
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    handler: async (_payload, { logger }) => {
      const started = await workflows.runDueImports();
      if (started > 0) logger.info({ started }, 'scheduled eBay imports started');
    },
  });
}
