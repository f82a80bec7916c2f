import { stableJobId, type SendJob } from '../../platform/queue/job';
import crypto from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  BULK_ACTION_ITEMS_MAX,
  BULK_ACTION_MARKETPLACE_SCOPE,
  BULK_ACTION_PARAMETER_SCHEMAS,
  BULK_ACTION_PERMISSIONS,
  BULK_ACTION_RUN_FAILURES_SHOWN,
  BULK_EDIT_FIELDS,
  BULK_LISTING_FIELDS,
  DESTRUCTIVE_BULK_ACTIONS,
  MARKETPLACE_NAMES,
  SUPPORTED_MARKETPLACES,
  bulkActionLimitMessage,
  hasPermission,
  isBulkActionRunFinished,
  type BulkAction,
  type BulkActionConfig,
  type BulkActionItemStatus,
  type BulkActionParameters,
  type BulkActionRun,
  type BulkActionRunItem,
  type BulkActionStartSchema,
  type BulkSelectionFilterSchema,
  type MarketplaceId,
} from '@listloop/domain';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { newId } from '../../platform/ids';
import { allowedMarketplacesOf } from '../accounts';
import type { AccountUserService } from '../account-users';
import type { AuthService } from '../auth';
import type { ItemService } from '../items';
import type { NotificationService } from '../notifications';
import type {
  BulkActionRepository,
  BulkActionRunItemRow,
  BulkActionRunRow,
  ItemOutcome,
} from './bulk-action.repository';
import type { BulkActionSteps } from './bulk-action.steps';

export const NO_SUCH_RUN = 'No such bulk action.';
const NO_SUCH_SELECTED_ITEM = 'No such item in this inventory.';

export interface BulkActionBatchPayload {
  runId: string;
  accountId: string;
  /** The batch this job works on: the run's batches done when it was sent. */
  batch: number;
  /** The sweeper's resend count: part of the job id, so a resend is a new job. */
  attempt: number;
}

export interface BulkActionServiceOptions {
  /** Items one job works on before it records them and sends the next job. */
  batchSize?: number;
  /** How long a worker holds a run for one batch without renewing it. */
  leaseSeconds?: number;
  /** Times the sweeper sends a stalled run again before it gives the run up. */
  maxAttempts?: number;
  /** How long a run may sit unworked (no lease, no change) before the sweeper sends it again. */
  stallSeconds?: number;
  workerId?: string;
  now?: () => number;
}

/** What the service logs through: a job's logger, or a request's. */
type Log = Pick<Logger, 'info' | 'warn'>;

type Selection = z.output<typeof BulkActionStartSchema>['selection'];
type SelectionFilter = z.output<typeof BulkSelectionFilterSchema>;

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function toRun(row: BulkActionRunRow, failures: BulkActionRunItemRow[]): BulkActionRun {
  return {
    runId: row.id,
    bulkAction: row.action as BulkAction,
    status: row.status,
    userId: row.userId,
    ownerUserId: row.ownerUserId,
    parameters: row.parameters,
    selection: row.selection,
    total: row.total,
    done: row.done,
    failed: row.failed,
    skipped: row.skipped,
    processed: row.done + row.failed + row.skipped,
    failureReason: row.failureReason,
    failures: failures.map((f) => ({
      itemId: f.itemId,
      title: f.title,
      message: f.message ?? '',
    })),
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** The JSON schema of an action's parameters, as a client would send them. */
function parametersJsonSchema(action: BulkAction): Record<string, unknown> {
  return z.toJSONSchema(BULK_ACTION_PARAMETER_SCHEMAS[action], {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
}

/**
 * Bulk actions (spec §5, §7): one of the eight actions over a selection of items, run
 * by the server as a chain of jobs, a batch per job. The selection is resolved to a frozen list
 * of item ids when the run starts (at most 10,000); each batch's outcomes and the run's progress
 * are written in one transaction, so a run that stops carries on at its first unfinished item
 * after a restart, and an item with an outcome is never done again. A run acts as the person who
 * started it, with their permissions as they are at each batch. Cancelling stops a run before
 * its next batch; what is done stays done. Decisions: docs/decisions/0016-bulk-actions.md.
 */
export class BulkActionService {
  readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly stallMs: number;
  private readonly workerId: string;
  private readonly now: () => number;

  constructor(
    private readonly runs: BulkActionRepository,
    private readonly itemService: ItemService,
    private readonly accountUsers: Pick<AccountUserService, 'memberContext' | 'findInAccount'>,
    private readonly users: Pick<AuthService, 'findUserById'>,
    private readonly steps: BulkActionSteps,
    private readonly notifications: Pick<NotificationService, 'notify'>,
    private readonly sendBatch: SendJob<BulkActionBatchPayload>,
    private readonly options: BulkActionServiceOptions = {},
  ) {
    this.batchSize = Math.max(1, options.batchSize ?? 50);
    this.leaseMs = (options.leaseSeconds ?? 120) * 1000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.stallMs = (options.stallSeconds ?? 60) * 1000;
    this.workerId =
      options.workerId ??
      `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    this.now = options.now ?? (() => Date.now());
  }

  /** A batch's job: one per (run, batch, attempt), so sending it twice runs it once. */
  private enqueue(payload: BulkActionBatchPayload): Promise<unknown> {
    return this.sendBatch(payload, {
      id: stableJobId('bulk-actions.batch', `${payload.runId}:${payload.batch}:${payload.attempt}`),
    });
  }

  private permitted(ctx: RequestContext, action: BulkAction): boolean {
    return BULK_ACTION_PERMISSIONS[action].every((required) =>
      hasPermission({ required, accessLevel: ctx.accessLevel, permissions: ctx.permissions }),
    );
  }

  /** The marketplaces the action may be asked for by this account. */
  private applicableMarketplaces(ctx: RequestContext, action: BulkAction): MarketplaceId[] {
    switch (BULK_ACTION_MARKETPLACE_SCOPE[action]) {
      case 'allowed':
        return allowedMarketplacesOf(ctx.account);
      case 'any':
        return [...SUPPORTED_MARKETPLACES];
      case 'none':
        return [];
    }
  }

  /** GET /api/bulk-actions/config/{bulkAction} */
  config(ctx: RequestContext, action: BulkAction): BulkActionConfig {
    const scope = BULK_ACTION_MARKETPLACE_SCOPE[action];
    return {
      bulkAction: action,
      limit: BULK_ACTION_ITEMS_MAX,
      permissions: [...BULK_ACTION_PERMISSIONS[action]],
      permitted: this.permitted(ctx, action),
      destructive: DESTRUCTIVE_BULK_ACTIONS.includes(action),
      marketplaces: {
        required: scope !== 'none',
        allowed: allowedMarketplacesOf(ctx.account),
        applicable: this.applicableMarketplaces(ctx, action),
      },
      fields: {
        generalDetails: action === 'bulkEdit' ? [...BULK_EDIT_FIELDS] : [],
        listing: action === 'bulkEdit' ? [...BULK_LISTING_FIELDS] : [],
      },
      parameters: parametersJsonSchema(action),
    };
  }

  /** The action's parameters, checked; a 400 naming each problem under `parameters`. */
  private parameters<A extends BulkAction>(
    ctx: RequestContext,
    action: A,
    given: Record<string, unknown>,
  ): BulkActionParameters[A] {
    const parsed = BULK_ACTION_PARAMETER_SCHEMAS[action].safeParse(given);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: ['parameters', ...issue.path.map(String)].join('.'),
        message: issue.message,
      }));
      const shown = issues
        .slice(0, 3)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ');
      throw badRequest(shown, issues);
    }
    const parameters = parsed.data as BulkActionParameters[A];
    if ('marketplaces' in parameters) {
      const applicable = this.applicableMarketplaces(ctx, action);
      const refused = parameters.marketplaces.filter((m) => !applicable.includes(m));
      if (refused.length > 0) {
        const names = refused.map((m) => MARKETPLACE_NAMES[m]).join(', ');
        const message =
          BULK_ACTION_MARKETPLACE_SCOPE[action] === 'allowed'
            ? `Your account does not have access to ${names}. Ask your account administrator to turn it on.`
            : `${names} ${refused.length > 1 ? 'are' : 'is'} not supported.`;
        throw badRequest(message, [{ path: 'parameters.marketplaces', message }]);
      }
    }
    return parameters;
  }

  /** The selection as item ids of the owner's inventory, and the given ids it has not. */
  private async resolve(
    ctx: RequestContext,
    owner: string,
    selection: Selection,
  ): Promise<{ itemIds: string[]; missing: string[] }> {
    if (selection.itemIds) {
      const given = [...new Set(selection.itemIds)];
      const existing = await this.itemService.existingIds(ctx.accountId, owner, given);
      const itemIds = given.filter((id) => existing.has(id));
      if (itemIds.length === 0) {
        throw notFound('None of the selected items is in this inventory.');
      }
      return { itemIds, missing: given.filter((id) => !existing.has(id)) };
    }
    const filter = selection.filter as SelectionFilter;
    const itemIds = await this.itemService.idsMatching(
      ctx,
      owner,
      filter,
      BULK_ACTION_ITEMS_MAX + 1,
    );
    if (itemIds.length > BULK_ACTION_ITEMS_MAX) {
      const message = bulkActionLimitMessage();
      throw badRequest(message, [{ path: 'selection.filter', message }]);
    }
    if (itemIds.length === 0) {
      const message = 'No item matches this filter.';
      throw badRequest(message, [{ path: 'selection.filter', message }]);
    }
    return { itemIds, missing: [] };
  }

  /** POST /api/bulk-actions/{bulkAction}: the run, queued. */
  async start(
    ctx: RequestContext,
    action: BulkAction,
    input: z.output<typeof BulkActionStartSchema>,
  ): Promise<BulkActionRun> {
    if (!this.permitted(ctx, action)) throw forbidden();
    const parameters = this.parameters(ctx, action, input.parameters);
    const owner = await this.itemService.owner(ctx, input.userId);
    const { itemIds, missing } = await this.resolve(ctx, owner, input.selection);
    const outcomes: ItemOutcome[] = missing.map((itemId) => ({
      itemId,
      title: '',
      status: 'skipped',
      message: NO_SUCH_SELECTED_ITEM,
    }));
    const row = await this.runs.create(
      {
        id: newId(),
        accountId: ctx.accountId,
        userId: ctx.user.id,
        ownerUserId: owner,
        action,
        parameters: parameters as Record<string, unknown>,
        selection: input.selection.filter
          ? { kind: 'filter', filter: input.selection.filter as Record<string, unknown> }
          : { kind: 'items', filter: null },
        itemIds,
        status: 'queued',
        total: itemIds.length + missing.length,
        skipped: missing.length,
      },
      outcomes,
    );
    await this.enqueue({ runId: row.id, accountId: row.accountId, batch: 0, attempt: 0 });
    return toRun(row, []);
  }

  private async view(row: BulkActionRunRow): Promise<BulkActionRun> {
    const failures = row.failed
      ? ((await this.runs.failuresOf(row.accountId, [row.id], BULK_ACTION_RUN_FAILURES_SHOWN)).get(
          row.id,
        ) ?? [])
      : [];
    return toRun(row, failures);
  }

  async get(ctx: RequestContext, runId: string): Promise<BulkActionRun> {
    const row = await this.runs.find(ctx.accountId, runId);
    if (!row) throw notFound(NO_SUCH_RUN);
    return this.view(row);
  }

  /** The caller's latest runs (newest first): how the web app finds a run after a reload. */
  async list(
    ctx: RequestContext,
    query: { active?: boolean; limit: number },
  ): Promise<BulkActionRun[]> {
    const rows = await this.runs.listOfUser(ctx.accountId, ctx.user.id, {
      activeOnly: query.active === true,
      limit: query.limit,
    });
    const failures = await this.runs.failuresOf(
      ctx.accountId,
      rows.filter((r) => r.failed > 0).map((r) => r.id),
      BULK_ACTION_RUN_FAILURES_SHOWN,
    );
    return rows.map((row) => toRun(row, failures.get(row.id) ?? []));
  }

  async outcomes(
    ctx: RequestContext,
    runId: string,
    query: { status?: BulkActionItemStatus; offset: number; limit: number },
  ): Promise<{ items: BulkActionRunItem[]; total: number }> {
    const run = await this.runs.find(ctx.accountId, runId);
    if (!run) throw notFound(NO_SUCH_RUN);
    const page = await this.runs.outcomes(ctx.accountId, runId, query);
    return {
      items: page.rows.map((row) => ({
        itemId: row.itemId,
        title: row.title,
        status: row.status,
        message: row.message,
      })),
      total: page.total,
    };
  }

  /**
   * POST …/runs/{runId}/cancel. A run between batches is cancelled at once; one whose batch is
   * being worked on becomes `cancelling` and is cancelled when that batch is recorded. Who
   * started it may cancel it, and so may anyone allowed to start that action.
   */
  async cancel(ctx: RequestContext, runId: string, logger: Log): Promise<BulkActionRun> {
    const found = await this.runs.find(ctx.accountId, runId);
    if (!found) throw notFound(NO_SUCH_RUN);
    if (found.userId !== ctx.user.id && !this.permitted(ctx, found.action as BulkAction)) {
      throw forbidden();
    }
    if (found.status === 'cancelled' || found.status === 'cancelling') return this.view(found);
    if (isBulkActionRunFinished(found.status)) {
      throw conflict('This bulk action has already finished; there is nothing to cancel.');
    }
    const row = await this.runs.requestCancel(ctx.accountId, runId, new Date(this.now()));
    if (!row) return this.get(ctx, runId);
    if (row.status === 'cancelled') await this.finished(row, logger);
    return this.view(row);
  }

  /**
   * The run as it moves, for the Server-Sent Events stream: the run now, then each change (a
   * poll of the database, so a worker in another process is seen too), until it ends or
   * `signal` aborts (the client went away).
   */
  async *watch(
    ctx: RequestContext,
    runId: string,
    options: { signal: AbortSignal; intervalMs: number },
  ): AsyncGenerator<{ event: 'progress' | 'end'; run: BulkActionRun }> {
    let run = await this.get(ctx, runId);
    let last = '';
    for (;;) {
      const key = `${run.status}:${run.processed}`;
      if (key !== last) {
        last = key;
        yield { event: 'progress', run };
      }
      if (isBulkActionRunFinished(run.status)) {
        yield { event: 'end', run };
        return;
      }
      try {
        await sleep(options.intervalMs, undefined, { signal: options.signal });
      } catch {
        return;
      }
      run = await this.get(ctx, runId);
    }
  }

  /** Who the run acts as, with their permissions now; a reason to stop it when they cannot. */
  private async contextOf(run: BulkActionRunRow): Promise<RequestContext | string> {
    const user = await this.users.findUserById(run.userId);
    if (!user) return 'The person who started this bulk action is no longer a ListLoop user.';
    const { decision, context } = await this.accountUsers.memberContext(
      user,
      `bulk-action:${run.id}`,
    );
    if (decision.kind !== 'continue' || !context || context.accountId !== run.accountId) {
      return `${user.email} can no longer work in this account, so the bulk action stopped.`;
    }
    if (!this.permitted(context, run.action as BulkAction)) {
      return `${user.email} is no longer allowed to do this, so the bulk action stopped.`;
    }
    if (!(await this.accountUsers.findInAccount(run.accountId, run.ownerUserId))) {
      return 'The owner of these items is no longer a member of this account.';
    }
    return context;
  }

  /**
   * The `bulk-actions.batch` job: takes the run (a lease, so one worker at a time), works on its
   * next batch, records the outcomes and the progress together, then sends the job of the next
   * batch. A job for a batch already recorded, or one another worker holds, does nothing.
   */
  async runBatch(payload: BulkActionBatchPayload, job: { logger: Logger }): Promise<void> {
    const { runId, accountId, batch } = payload;
    const found = await this.runs.find(accountId, runId);
    if (!found || isBulkActionRunFinished(found.status) || found.batchesDone !== batch) return;
    const now = this.now();
    const run = await this.runs.takeLease({
      accountId,
      id: runId,
      batch,
      owner: this.workerId,
      now: new Date(now),
      until: new Date(now + this.leaseMs),
    });
    if (!run) return;
    const renew = setInterval(
      () => {
        this.runs
          .renewLease(accountId, runId, this.workerId, new Date(this.now() + this.leaseMs))
          .catch((error: unknown) =>
            job.logger.warn({ err: error, runId }, 'could not renew the bulk action lease'),
          );
      },
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    let next: BulkActionRunRow | null;
    try {
      next = await this.work(run, job.logger);
    } catch (error) {
      // Let the job's retry take the run again at once rather than after the lease runs out.
      await this.runs.releaseLease(accountId, runId, this.workerId).catch(() => undefined);
      throw error;
    } finally {
      clearInterval(renew);
    }
    if (!next) return;
    if (isBulkActionRunFinished(next.status)) await this.finished(next, job.logger);
    else await this.enqueue({ runId, accountId, batch: next.batchesDone, attempt: next.attempt });
  }

  private async work(run: BulkActionRunRow, logger: Logger): Promise<BulkActionRunRow | null> {
    if (run.status === 'cancelling') return this.runs.end(run, 'cancelled', null, this.date());
    const ctx = await this.contextOf(run);
    if (typeof ctx === 'string') return this.runs.end(run, 'failed', ctx, this.date());
    if (run.status === 'queued') await this.runs.markRunning(run.accountId, run.id, this.date());
    const action = run.action as BulkAction;
    const ids = await this.runs.nextItemIds(run, this.batchSize);
    const already = await this.runs.withOutcome(run.id, ids);
    const outcomes = await this.steps.run(action, {
      ctx,
      run,
      itemIds: ids.filter((id) => !already.has(id)),
      parameters: BULK_ACTION_PARAMETER_SCHEMAS[action].parse(run.parameters) as never,
      logger,
    });
    return this.runs.recordBatch({
      accountId: run.accountId,
      id: run.id,
      batch: run.batchesDone,
      outcomes,
      size: ids.length,
      finish: (current, position) =>
        current.status === 'cancelling'
          ? 'cancelled'
          : position >= current.itemIds.length
            ? 'done'
            : 'running',
      now: this.date(),
    });
  }

  private date(): Date {
    return new Date(this.now());
  }

  /**
   * Tells the person who started the run how it ended, once per run (the run's id is the
   * notification's key); a failure there is logged, the run has ended all the same.
   */
  private async finished(row: BulkActionRunRow, logger: Log): Promise<void> {
    try {
      await this.notifications.notify({
        accountId: row.accountId,
        userId: row.userId,
        kind: 'bulk_finished',
        key: row.id,
        params: {
          bulkActionId: row.id,
          bulkAction: row.action as BulkAction,
          total: row.total,
          succeeded: row.done,
          failed: row.failed,
          cancelled: row.status === 'cancelled',
        },
      });
    } catch (error) {
      logger.warn({ err: error, runId: row.id }, 'bulk action finished notification failed');
    }
  }

  /**
   * The `bulk-actions.sweep` job: runs that nobody works on and that have not moved for a while
   * (the job that carries them on was lost when a process stopped, or its worker died) are sent
   * again; one sent again too many times is given up as failed, and a stalled cancel ends.
   */
  async sweep(logger: Log): Promise<{ resent: number; ended: number }> {
    const now = this.now();
    const quietBefore = new Date(now - this.stallMs);
    const stalled = await this.runs.stalled({ now: new Date(now), quietBefore, limit: 200 });
    let resent = 0;
    let ended = 0;
    for (const run of stalled) {
      let ending: BulkActionRunRow | null = null;
      if (run.status === 'cancelling') {
        ending = await this.runs.end(run, 'cancelled', null, this.date(), {
          stalledBefore: quietBefore,
        });
      } else if (run.attempt >= this.maxAttempts) {
        ending = await this.runs.end(
          run,
          'failed',
          `The bulk action stopped after ${run.attempt} tries that did not finish. Start it again for the items it has not done.`,
          this.date(),
          { stalledBefore: quietBefore },
        );
      }
      if (ending) {
        ended += 1;
        await this.finished(ending, logger);
        continue;
      }
      const bumped = await this.runs.bumpAttempt(run, this.date(), quietBefore);
      if (!bumped) continue;
      await this.enqueue({
        runId: run.id,
        accountId: run.accountId,
        batch: bumped.batchesDone,
        attempt: bumped.attempt,
      });
      logger.info({ runId: run.id, attempt: bumped.attempt }, 'bulk action sent again');
      resent += 1;
    }
    return { resent, ended };
  }
}
