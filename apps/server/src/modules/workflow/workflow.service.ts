import {
  DEFAULT_CROSSLIST_WORKFLOW,
  DEFAULT_EBAY_IMPORT_EVERY_HOURS,
  workflowSteps,
  type CrosslistWorkflow,
  type Workflow,
  type WorkflowInput,
  type WorkflowPatch,
} from '@listloop/domain';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database';
import type { RequestContext } from '../../platform/http/request-context';
import type { WorkflowRepository, WorkflowRow } from './workflow.repository';

const HOUR_MS = 60 * 60 * 1000;
/** Workflows whose import starts per scheduler run; the rest wait for the next run. */
const DUE_PER_RUN = 200;

/** The account's eBay connections the scheduled import reads (the connections' service). */
export interface EbayConnections {
  connectedIdsOf(accountId: string, marketplace: 'ebay'): Promise<string[]>;
}

/** Starting an import of a connection's listings (the marketplace import's service). */
export interface ScheduledImports {
  startScheduled(
    owner: { accountId: string; userId: string },
    connectionId: string,
  ): Promise<unknown>;
}

interface WorkflowSettings {
  crosslistWorkflow: CrosslistWorkflow;
  ebayImportEnabled: boolean;
  ebayImportEveryHours: number;
}

/**
 * When the eBay import runs next (decision 0044): only under keep_importing_from_ebay with the
 * import on. A schedule that did not change keeps its time; a new or changed one runs a period
 * after the last import, or at once when there was none (the scheduler's next pass).
 */
export function nextEbayImportAt(
  before: Pick<
    WorkflowRow,
    'nextEbayImportAt' | 'lastEbayImportAt' | 'ebayImportEveryHours'
  > | null,
  after: WorkflowSettings,
  now: Date,
): Date | null {
  if (after.crosslistWorkflow !== 'keep_importing_from_ebay' || !after.ebayImportEnabled) {
    return null;
  }
  if (before?.nextEbayImportAt && before.ebayImportEveryHours === after.ebayImportEveryHours) {
    return before.nextEbayImportAt;
  }
  if (!before?.lastEbayImportAt) return now;
  const next = before.lastEbayImportAt.getTime() + after.ebayImportEveryHours * HOUR_MS;
  return new Date(Math.max(next, now.getTime()));
}

/**
 * The account's crosslisting workflow (spec §7 GET, PUT, PATCH …/enterprise/workflow): how new
 * items come in, and, for a seller who keeps importing from eBay, the import's schedule. A
 * scheduler job (`workflow.ebay-import-schedule`) starts the marketplace import of each due
 * account; switching to another workflow or turning the import off clears the schedule.
 */
export class WorkflowService {
  constructor(
    private readonly db: Db,
    private readonly workflows: WorkflowRepository,
    private readonly ebay: EbayConnections,
    private readonly imports: ScheduledImports,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(ctx: RequestContext): Promise<Workflow> {
    return this.present(ctx.accountId, await this.workflows.find(ctx.accountId));
  }

  async put(ctx: RequestContext, input: WorkflowInput): Promise<Workflow> {
    return this.save(ctx.accountId, ctx.user.id, {
      crosslistWorkflow: input.crosslistWorkflow,
      ebayImportEnabled: input.importFromEbay.enabled,
      ebayImportEveryHours: input.importFromEbay.everyHours,
    });
  }

  async patch(ctx: RequestContext, patch: WorkflowPatch): Promise<Workflow> {
    const current = this.settingsOf(await this.workflows.find(ctx.accountId));
    return this.save(ctx.accountId, ctx.user.id, {
      crosslistWorkflow: patch.crosslistWorkflow ?? current.crosslistWorkflow,
      ebayImportEnabled: patch.importFromEbay?.enabled ?? current.ebayImportEnabled,
      ebayImportEveryHours: patch.importFromEbay?.everyHours ?? current.ebayImportEveryHours,
    });
  }

  /**
   * The workflow a finished onboarding chose, written in the onboarding's transaction; the
   * import settings the account had stay.
   */
  async adopt(
    accountId: string,
    userId: string,
    crosslistWorkflow: CrosslistWorkflow,
    tx: Db,
  ): Promise<void> {
    const before = await this.workflows.find(accountId, tx);
    await this.write(
      accountId,
      userId,
      before,
      { ...this.settingsOf(before), crosslistWorkflow },
      tx,
    );
  }

  /**
   * Starts the eBay import of every account whose schedule is due (the scheduler job's work).
   * Each due row is taken by moving its time on first, so two schedulers never start one twice;
   * an account with no connected eBay account just waits a period. Answers the imports started.
   */
  async runDueImports(now: Date = this.now()): Promise<number> {
    let started = 0;
    for (const row of await this.workflows.dueEbayImports(now, DUE_PER_RUN)) {
      const next = new Date(now.getTime() + row.ebayImportEveryHours * HOUR_MS);
      if (!(await this.workflows.takeDue(row.accountId, row.nextEbayImportAt!, next, now)))
        continue;
      for (const connectionId of await this.ebay.connectedIdsOf(row.accountId, 'ebay')) {
        try {
          await this.imports.startScheduled(
            { accountId: row.accountId, userId: row.updatedBy },
            connectionId,
          );
          started += 1;
        } catch (error) {
          // A connection that cannot import now (no connector, needs reconnecting) is tried
          // again at the next period; the others go ahead.
          this.logger.warn(
            { err: error, accountId: row.accountId, connectionId },
            'scheduled eBay import not started',
          );
        }
      }
    }
    return started;
  }

  private async save(accountId: string, userId: string, after: WorkflowSettings) {
    const row = await this.db.transaction(async (tx) =>
      this.write(accountId, userId, await this.workflows.find(accountId, tx), after, tx),
    );
    return this.present(accountId, row);
  }

  private write(
    accountId: string,
    userId: string,
    before: WorkflowRow | null,
    after: WorkflowSettings,
    tx: Db,
  ): Promise<WorkflowRow> {
    return this.workflows.upsert(
      {
        accountId,
        ...after,
        nextEbayImportAt: nextEbayImportAt(before, after, this.now()),
        lastEbayImportAt: before?.lastEbayImportAt ?? null,
        updatedBy: userId,
      },
      tx,
    );
  }

  private settingsOf(row: WorkflowRow | null): WorkflowSettings {
    return {
      crosslistWorkflow:
        (row?.crosslistWorkflow as CrosslistWorkflow) ?? DEFAULT_CROSSLIST_WORKFLOW,
      ebayImportEnabled: row?.ebayImportEnabled ?? true,
      ebayImportEveryHours: row?.ebayImportEveryHours ?? DEFAULT_EBAY_IMPORT_EVERY_HOURS,
    };
  }

  private async present(accountId: string, row: WorkflowRow | null): Promise<Workflow> {
    const settings = this.settingsOf(row);
    const ebay = await this.ebay.connectedIdsOf(accountId, 'ebay');
    return {
      crosslistWorkflow: settings.crosslistWorkflow,
      importFromEbay: {
        enabled: settings.ebayImportEnabled,
        everyHours: settings.ebayImportEveryHours,
      },
      steps: workflowSteps(settings.crosslistWorkflow),
      schedule: {
        ebayConnected: ebay.length > 0,
        nextImportAt: row?.nextEbayImportAt?.toISOString() ?? null,
        lastImportAt: row?.lastEbayImportAt?.toISOString() ?? null,
      },
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }
}
