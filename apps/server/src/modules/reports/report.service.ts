import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  addDays,
  BUILT_IN_REPORT_DEFAULTS,
  hasPermission,
  isCountryCode,
  localeForCountry,
  REPORT_LIST_MAX,
  REPORT_RETENTION_DAYS,
  REPORT_ROWS_MAX,
  ReportDefaultsSchema,
  ReportFiltersSchema,
  reportDownloadPath,
  startOfDayIn,
  type Locale,
  type Report,
  type ReportColumn,
  type ReportDefaults,
  type ReportDefaultsResponse,
  type ReportFailure,
  type ReportFilters,
  type ReportFormat,
  type ReportStart,
} from '@listloop/domain';
import type { Logger } from 'pino';
import { AppError, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { newId } from '../../platform/ids';
import { stableJobId, type SendJob } from '../../platform/queue/job';
import { StorageError, type Storage } from '../../platform/storage/storage';
import type { AccountUserService } from '../account-users';
import type { AuthService } from '../auth';
import type { ItemExportService, ItemFilterInput, ItemService } from '../items';
import type { UserService } from '../users';
import { ReportLanguage } from './report.cells';
import { ActiveReportExists, type ItemReportRow, type ReportRepository } from './report.repository';
import { openReportWriter, REPORT_CONTENT_TYPES } from './report.writer';

export const REPORT_JOB = 'reports.item';
/** Items read per query while a report is written; also how often its progress is saved. */
export const REPORT_PAGE_SIZE = 1000;
const NO_SUCH_REPORT = 'No such report.';
const DAY_MS = 86_400_000;

export interface ReportJobPayload {
  reportId: string;
  accountId: string;
}

export interface ReportServiceOptions {
  /** How long a worker's hold on a report lasts without news (renewed as it writes). */
  leaseSeconds?: number;
  /** How long a report may sit with no worker and no news before the sweeper sends it again. */
  stallSeconds?: number;
  /** Times the sweeper sends one start again before it gives the report up. */
  maxSends?: number;
  /** Where files are written before they are stored. */
  workDir?: string;
  workerId?: string;
  now?: () => number;
}

/** A start or retry met the user's report in progress: the 409 names it. */
export class ReportAlreadyRunning extends AppError {
  constructor(readonly activeReport: Report) {
    super(
      409,
      'reports/already-running',
      `Report ${activeReport.reportId} (started ${activeReport.createdAt}, ` +
        `${activeReport.rowsDone} of ${activeReport.rowsTotal ?? '?'} rows written) is still ` +
        'being made. Wait for it to finish before starting another.',
    );
  }
}

/** The worker lost its hold on the report (a lease ran out): it stops without touching it. */
class ReportOvertaken extends Error {}

/** A reason to fail at once, with no retry: the report could not be made however often tried. */
class ReportRefused extends Error {
  constructor(
    readonly failure: ReportFailure,
    message: string,
  ) {
    super(message);
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toReport(row: ItemReportRow): Report {
  return {
    reportId: row.id,
    status: row.status,
    format: row.format as ReportFormat,
    columns: row.columns,
    filters: row.filters,
    locale: row.locale as Locale,
    timeZone: row.timeZone,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    attempts: row.attempts,
    failure: (row.failure as ReportFailure | null) ?? null,
    fileName: row.status === 'done' ? row.fileName : null,
    fileSize: row.status === 'done' ? row.fileSize : null,
    downloadPath: row.status === 'done' ? reportDownloadPath(row.id) : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    expiresAt: iso(row.expiresAt),
  };
}

/** The filters as the inventory list takes them: days become the instants they span. */
export function itemFilterInput(filters: ReportFilters, timeZone: string): ItemFilterInput {
  return {
    userId: filters.userId,
    q: filters.q,
    status: filters.status,
    marketplace: filters.marketplace,
    listingStatus: filters.listingStatus,
    label: filters.label,
    priceMin: filters.priceMin,
    priceMax: filters.priceMax,
    createdFrom: filters.createdFrom ? startOfDayIn(filters.createdFrom, timeZone) : undefined,
    createdTo: filters.createdTo
      ? startOfDayIn(addDays(filters.createdTo, 1), timeZone) - 1
      : undefined,
  };
}

/** "listloop-items-2024-03-10-1405.xlsx", on the account's clock. */
function fileNameOf(format: ReportFormat, instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `listloop-items-${part('year')}-${part('month')}-${part('day')}-${part('hour')}${part('minute')}.${format}`;
}

/**
 * Item reports (spec §7): a user asks for the items matching the inventory's filters, with the
 * columns they choose, as CSV or XLSX. A durable job writes the file page by page, saving its
 * progress, into the project's storage; the user who asked downloads it. One report per user is
 * in progress at a time; a failed one can be started again. Decision 0048.
 */
export class ReportService {
  private readonly leaseMs: number;
  private readonly stallMs: number;
  private readonly maxSends: number;
  private readonly workDir: string;
  private readonly workerId: string;
  private readonly now: () => number;
  /** The reports this process is writing now, under its lease. */
  private readonly held = new Set<string>();

  constructor(
    private readonly reports: ReportRepository,
    private readonly items: Pick<ItemService, 'owner' | 'filterOf'>,
    private readonly exporter: Pick<ItemExportService, 'pages' | 'count'>,
    private readonly accountUsers: Pick<AccountUserService, 'memberContext'>,
    private readonly users: Pick<AuthService, 'findUserById'>,
    private readonly profiles: Pick<UserService, 'findDetails'>,
    private readonly storage: Storage,
    private readonly send: SendJob<ReportJobPayload>,
    options: ReportServiceOptions = {},
  ) {
    this.leaseMs = (options.leaseSeconds ?? 120) * 1000;
    this.stallMs = (options.stallSeconds ?? 60) * 1000;
    this.maxSends = options.maxSends ?? 3;
    this.workDir = options.workDir ?? os.tmpdir();
    this.workerId =
      options.workerId ??
      `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    this.now = options.now ?? (() => Date.now());
  }

  /** The job of a report's current start: one per (report, start, resend). */
  private enqueue(row: Pick<ItemReportRow, 'id' | 'accountId' | 'attempts' | 'sends'>) {
    return this.send(
      { reportId: row.id, accountId: row.accountId },
      { id: stableJobId(REPORT_JOB, `${row.id}:${row.attempts}:${row.sends}`) },
    );
  }

  /** The job id of a report's current start, to ask the queue about it. */
  jobIdOf(row: Pick<ItemReportRow, 'id' | 'attempts' | 'sends'>): string {
    return stableJobId(REPORT_JOB, `${row.id}:${row.attempts}:${row.sends}`);
  }

  private async alreadyRunning(ctx: RequestContext): Promise<never> {
    const active = await this.reports.findActive(ctx.accountId, ctx.user.id);
    // Finished in between: the caller may simply try again.
    if (!active) {
      throw new AppError(
        409,
        'reports/already-running',
        'A report was just being made; try again.',
      );
    }
    throw new ReportAlreadyRunning(toReport(active));
  }

  /** The person's language: their country's, unless they asked for one. */
  private async localeOf(ctx: RequestContext, asked: Locale | undefined): Promise<Locale> {
    if (asked) return asked;
    const details = await this.profiles.findDetails(ctx.user.id);
    const country = details?.countryCode;
    return isCountryCode(country) ? localeForCountry(country) : 'en-US';
  }

  async start(ctx: RequestContext, input: ReportStart): Promise<Report> {
    const defaults = (await this.defaultsOf(ctx)).defaults;
    const filters = input.filters ?? defaults.filters;
    const columns = input.columns ?? defaults.columns;
    const format = input.format ?? defaults.format;
    // Another account's user, or someone who left, is no inventory of the caller's: 404.
    const owner = await this.items.owner(ctx, filters.userId);
    const locale = await this.localeOf(ctx, input.locale);
    let row: ItemReportRow;
    try {
      row = await this.reports.create({
        id: newId(),
        accountId: ctx.accountId,
        userId: ctx.user.id,
        status: 'queued',
        format,
        columns,
        filters: { ...filters, ...(owner !== ctx.user.id ? { userId: owner } : {}) },
        locale,
        timeZone: ctx.account.timeZone,
        currency: ctx.account.currency,
      });
    } catch (error) {
      if (error instanceof ActiveReportExists) return this.alreadyRunning(ctx);
      throw error;
    }
    await this.enqueue(row);
    return toReport(row);
  }

  /** Starts a failed report again, as it was asked for. */
  async retry(ctx: RequestContext, reportId: string): Promise<Report> {
    const current = await this.reports.findOwn(ctx.accountId, ctx.user.id, reportId);
    if (!current) throw notFound(NO_SUCH_REPORT);
    if (current.status !== 'failed') throw new AppError(409, 'reports/not-failed');
    let row: ItemReportRow | null;
    try {
      row = await this.reports.requeueFailed(ctx.accountId, ctx.user.id, reportId);
    } catch (error) {
      if (error instanceof ActiveReportExists) return this.alreadyRunning(ctx);
      throw error;
    }
    // Another retry got there first: answer the report as it is now.
    if (!row) return this.get(ctx, reportId);
    await this.enqueue(row);
    return toReport(row);
  }

  /** The user's report in progress, else their latest one still kept. */
  async activeRequest(ctx: RequestContext): Promise<Report | null> {
    const active = await this.reports.findActive(ctx.accountId, ctx.user.id);
    if (active) return toReport(active);
    const [latest] = await this.reports.listOwn(
      ctx.accountId,
      ctx.user.id,
      new Date(this.now()),
      1,
    );
    return latest ? toReport(latest) : null;
  }

  async list(ctx: RequestContext): Promise<Report[]> {
    const rows = await this.reports.listOwn(
      ctx.accountId,
      ctx.user.id,
      new Date(this.now()),
      REPORT_LIST_MAX,
    );
    return rows.map(toReport);
  }

  async get(ctx: RequestContext, reportId: string): Promise<Report> {
    const row = await this.reports.findOwn(ctx.accountId, ctx.user.id, reportId);
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= this.now())) {
      throw notFound(NO_SUCH_REPORT);
    }
    return toReport(row);
  }

  /** The finished file of a report of the caller's own. */
  async download(
    ctx: RequestContext,
    reportId: string,
  ): Promise<{ fileName: string; contentType: string; size: number | null; stream: Readable }> {
    const row = await this.reports.findOwn(ctx.accountId, ctx.user.id, reportId);
    if (!row) throw notFound(NO_SUCH_REPORT);
    if (row.expiresAt && row.expiresAt.getTime() <= this.now()) {
      throw new AppError(410, 'reports/expired');
    }
    if (row.status !== 'done' || !row.fileKey || !row.fileName) {
      throw new AppError(409, 'reports/not-ready');
    }
    try {
      return {
        fileName: row.fileName,
        contentType: REPORT_CONTENT_TYPES[row.format as ReportFormat],
        size: row.fileSize,
        stream: await this.storage.read(row.fileKey),
      };
    } catch (error) {
      if (error instanceof StorageError && error.code === 'object-not-found') {
        throw new AppError(410, 'reports/expired');
      }
      throw error;
    }
  }

  // Defaults.

  async defaultsOf(ctx: RequestContext): Promise<ReportDefaultsResponse> {
    const saved = await this.reports.findDefaults(ctx.accountId, ctx.user.id);
    if (!saved) return { defaults: BUILT_IN_REPORT_DEFAULTS, saved: false, updatedAt: null };
    // Saved by an older ListLoop: what no longer reads is left to the built-in value.
    const parsed = ReportDefaultsSchema.safeParse(saved.defaults);
    return {
      defaults: parsed.success ? parsed.data : BUILT_IN_REPORT_DEFAULTS,
      saved: true,
      updatedAt: saved.updatedAt.toISOString(),
    };
  }

  async saveDefaults(
    ctx: RequestContext,
    defaults: ReportDefaults,
  ): Promise<ReportDefaultsResponse> {
    // A team member's inventory may be a default only while they are in the account.
    await this.items.owner(ctx, defaults.filters.userId);
    const saved = await this.reports.saveDefaults(ctx.accountId, ctx.user.id, defaults);
    return { defaults: saved.defaults, saved: true, updatedAt: saved.updatedAt.toISOString() };
  }

  async resetDefaults(ctx: RequestContext): Promise<ReportDefaultsResponse> {
    await this.reports.removeDefaults(ctx.accountId, ctx.user.id);
    return { defaults: BUILT_IN_REPORT_DEFAULTS, saved: false, updatedAt: null };
  }

  // The job.

  /** Who the report runs as, with their permissions now; a refusal when they may not. */
  private async contextOf(row: ItemReportRow): Promise<RequestContext> {
    const user = await this.users.findUserById(row.userId);
    if (!user) throw new ReportRefused('noAccess', 'The person who asked is no longer a user.');
    const { decision, context } = await this.accountUsers.memberContext(user, `report:${row.id}`);
    if (decision.kind !== 'continue' || !context || context.accountId !== row.accountId) {
      throw new ReportRefused('noAccess', `${user.email} can no longer work in this account.`);
    }
    // The routes' own key: reports.read is "see the reports and export the inventory".
    const may = hasPermission({
      required: 'reports.read',
      accessLevel: context.accessLevel,
      permissions: context.permissions,
    });
    if (!may) {
      throw new ReportRefused('noAccess', `${user.email} may no longer read reports.`);
    }
    return context;
  }

  /**
   * The `reports.item` job: takes the report (a lease, so one worker writes it), writes its file
   * from the first row, stores it and marks it done. Idempotent: a report already ended, or held
   * by a live worker, is left alone; a run that stops part-way leaves no file under the report's
   * name and starts from the first row when tried again. On its last try a failure is recorded.
   */
  async run(
    payload: ReportJobPayload,
    job: { retryCount: number; retryLimit: number; logger: Logger },
  ): Promise<void> {
    const now = this.now();
    const row = await this.reports.claim({
      accountId: payload.accountId,
      id: payload.reportId,
      owner: this.workerId,
      now: new Date(now),
      until: new Date(now + this.leaseMs),
    });
    if (!row) return;
    this.held.add(row.id);

    const keepAlive = setInterval(
      () => {
        this.reports
          .progress(row.id, this.workerId, { until: new Date(this.now() + this.leaseMs) })
          .catch((error: unknown) =>
            job.logger.warn({ err: error, reportId: row.id }, 'could not renew the report lease'),
          );
      },
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    const file = path.join(
      this.workDir,
      `listloop-report-${row.id}-${this.workerId.replace(/[^\w-]/g, '_')}`,
    );
    try {
      await fs.mkdir(this.workDir, { recursive: true });
      await this.write(row, file);
    } catch (error) {
      if (error instanceof ReportOvertaken) return;
      const refused = error instanceof ReportRefused;
      const lastTry = refused || job.retryCount >= job.retryLimit;
      job.logger.warn({ err: error, reportId: row.id, lastTry }, 'item report stopped');
      if (!lastTry) {
        await this.reports.release(row.id, this.workerId);
        throw error;
      }
      const ended = this.now();
      await this.reports.fail(
        row.id,
        {
          failure: refused ? error.failure : 'error',
          detail: error instanceof Error ? error.message : String(error),
          now: new Date(ended),
          expiresAt: new Date(ended + REPORT_RETENTION_DAYS * DAY_MS),
        },
        this.workerId,
      );
    } finally {
      clearInterval(keepAlive);
      this.held.delete(row.id);
      await fs.rm(file, { force: true });
    }
  }

  /**
   * The process is stopping with reports still being written: each goes back to queued with no
   * lease, for its job's retry to write again at once rather than after the lease runs out.
   */
  async releaseHeld(): Promise<number> {
    const held = [...this.held];
    this.held.clear();
    for (const id of held) await this.reports.release(id, this.workerId);
    return held.length;
  }

  private async write(row: ItemReportRow, file: string): Promise<void> {
    const ctx = await this.contextOf(row);
    const filters = ReportFiltersSchema.parse(row.filters);
    let owner: string;
    try {
      owner = await this.items.owner(ctx, filters.userId);
    } catch {
      throw new ReportRefused('noAccess', 'The inventory’s owner left the account.');
    }
    const filter = this.items.filterOf(
      row.accountId,
      owner,
      itemFilterInput(filters, row.timeZone),
    );
    const counted = await this.exporter.count(filter, REPORT_ROWS_MAX);
    if (counted.capped) {
      throw new ReportRefused(
        'tooLarge',
        `More than ${REPORT_ROWS_MAX} items match; a spreadsheet holds no more.`,
      );
    }
    const lease = () => new Date(this.now() + this.leaseMs);
    if (
      !(await this.reports.progress(row.id, this.workerId, {
        rowsTotal: counted.total,
        until: lease(),
      }))
    ) {
      throw new ReportOvertaken();
    }

    const format = row.format as ReportFormat;
    const columns = row.columns as ReportColumn[];
    const language = new ReportLanguage({
      locale: row.locale as Locale,
      timeZone: row.timeZone,
      currency: row.currency,
    });
    const writer = await openReportWriter(format, file, columns, language);
    let written = 0;
    try {
      for await (const page of this.exporter.pages(filter, filters.sort, REPORT_PAGE_SIZE)) {
        await writer.write(page.map((item) => language.cells(item, columns)));
        written += page.length;
        const held = await this.reports.progress(row.id, this.workerId, {
          rowsDone: written,
          until: lease(),
        });
        if (!held) throw new ReportOvertaken();
      }
    } finally {
      await writer.close();
    }

    const ended = this.now();
    const key = `reports/${row.accountId}/${row.userId}/${row.id}.${format}`;
    // Opened before the store reads it: a store that fails without reading (a full disk) must
    // not leave a stream that opens the file only after the run has removed it, whose error
    // nobody would hear.
    const handle = await fs.open(file, 'r');
    let stored;
    try {
      stored = await this.storage.put(key, handle.createReadStream({ autoClose: false }), {
        contentType: REPORT_CONTENT_TYPES[format],
      });
    } finally {
      await handle.close();
    }
    const finished = await this.reports.finish(row.id, this.workerId, {
      key,
      name: fileNameOf(format, ended, row.timeZone),
      size: stored.size,
      rows: written,
      now: new Date(ended),
      expiresAt: new Date(ended + REPORT_RETENTION_DAYS * DAY_MS),
    });
    if (!finished) throw new ReportOvertaken();
  }

  /**
   * The `reports.sweep` job: a report in progress that no worker holds and whose job is gone
   * (a process stopped before sending it, a worker died holding it) is sent again, up to
   * `maxSends` times for one start; then it fails as stalled.
   */
  async sweep(
    jobState: (jobId: string) => Promise<string | null>,
    logger: Logger,
  ): Promise<{ resent: number; failed: number }> {
    const now = this.now();
    let resent = 0;
    let failed = 0;
    const quiet = await this.reports.unattended(new Date(now), new Date(now - this.stallMs));
    for (const row of quiet) {
      const state = await jobState(this.jobIdOf(row));
      // Queued and its job still waiting (behind other reports): nothing is lost.
      if (row.status === 'queued' && (state === 'created' || state === 'retry')) continue;
      if (row.sends >= this.maxSends) {
        const ended = await this.reports.fail(
          row.id,
          {
            failure: 'stalled',
            detail: `No worker carried the report on after ${row.sends} resends.`,
            now: new Date(now),
            expiresAt: new Date(now + REPORT_RETENTION_DAYS * DAY_MS),
          },
          null,
        );
        if (ended) failed += 1;
        continue;
      }
      const again = await this.reports.resend(row.id, row.sends, new Date(now));
      if (!again) continue;
      await this.enqueue(again);
      resent += 1;
      logger.info({ reportId: row.id, sends: again.sends }, 'item report sent again');
    }
    return { resent, failed };
  }

  /** The `reports.prune` job: reports past their keeping time go, with their files. */
  async prune(logger: Logger): Promise<number> {
    let removed = 0;
    for (;;) {
      const expired = await this.reports.expired(new Date(this.now()), 100);
      for (const row of expired) {
        if (row.fileKey) {
          await this.storage.delete(row.fileKey).catch((error: unknown) => {
            if (!(error instanceof StorageError && error.code === 'object-not-found')) throw error;
          });
        }
        await this.reports.remove(row.id);
        removed += 1;
      }
      if (expired.length < 100) break;
    }
    if (removed > 0) logger.info({ removed }, 'item reports removed after their keeping time');
    return removed;
  }
}
