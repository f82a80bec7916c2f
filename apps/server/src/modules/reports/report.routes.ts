import { z } from 'zod';
import {
  ActiveReportResponseSchema,
  CREATED_BY_DATE_MAX_BUCKETS,
  ItemsCreatedByDateQuerySchema,
  ItemsCreatedByDateResponseSchema,
  REPORT_API,
  REPORT_RETENTION_DAYS,
  ReportDefaultsResponseSchema,
  ReportDefaultsSchema,
  ReportIdParamsSchema,
  ReportListSchema,
  ReportSchema,
  ReportStartSchema,
} from '@listloop/domain';
import { access } from '../../platform/http/access';
import { activity } from '../../platform/http/activity';
import { requireContext } from '../../platform/http/request-context';
import { ErrorBodySchema, errorResponses, type App } from '../../platform/http/types';
import type { ItemTotalsService } from './items-created.service';
import { ReportAlreadyRunning, type ReportService } from './report.service';

const ReportAnswerSchema = z.object({ report: ReportSchema });
/** The 409 of a start while another is in progress names the one in progress. */
const AlreadyRunningSchema = ErrorBodySchema.extend({ activeReport: ReportSchema.optional() });
const startResponses = {
  202: ReportAnswerSchema,
  ...errorResponses,
  409: AlreadyRunningSchema,
};

const read = { access: access.member('reports.read') };

/**
 * Spec §7 reports: the item report's start, retry and progress, its file, each user's report
 * defaults, and the inventory's totals of items created by date. Decision 0048.
 */
export async function reportRoutes(
  app: App,
  deps: { reports: ReportService; totals: ItemTotalsService },
) {
  const tags = ['reports'];
  const { reports, totals } = deps;

  /** A start that met the user's report in progress: 409 with that report. */
  const orAlreadyRunning = async <T>(work: () => Promise<T>) => {
    try {
      return { ok: true as const, value: await work() };
    } catch (error) {
      if (error instanceof ReportAlreadyRunning) return { ok: false as const, error };
      throw error;
    }
  };

  app.post(
    REPORT_API.start,
    {
      schema: {
        tags,
        summary: 'Start an item report (CSV or XLSX) over the inventory’s filters',
        description:
          'What the body leaves out comes from the caller’s report defaults. A job writes the ' +
          'file; follow it with GET …/activeRequest. One report per person is in progress at a ' +
          'time: another start answers 409 reports/already-running with `activeReport`. ' +
          `Files are kept ${REPORT_RETENTION_DAYS} days.`,
        body: ReportStartSchema,
        response: startResponses,
      },
      config: {
        activity: activity.none('a report reads the inventory; it changes nothing'),
        ...read,
      },
    },
    async (request, reply) => {
      const ctx = requireContext(request);
      const started = await orAlreadyRunning(() => reports.start(ctx, request.body));
      if (!started.ok) return reply.status(409).send(alreadyRunningBody(started.error));
      return reply.status(202).send({ report: started.value });
    },
  );

  app.post(
    `${REPORT_API.start}/:reportId`,
    {
      schema: {
        tags,
        summary: 'Start a failed item report again, as it was asked for',
        description:
          'Only a failed report starts again (409 reports/not-failed otherwise); it is written ' +
          'from its first row.',
        params: ReportIdParamsSchema,
        body: z.object({}).optional(),
        response: startResponses,
      },
      config: {
        activity: activity.none('a report reads the inventory; it changes nothing'),
        ...read,
      },
    },
    async (request, reply) => {
      const ctx = requireContext(request);
      const started = await orAlreadyRunning(() => reports.retry(ctx, request.params.reportId));
      if (!started.ok) return reply.status(409).send(alreadyRunningBody(started.error));
      return reply.status(202).send({ report: started.value });
    },
  );

  app.get(
    REPORT_API.activeRequest,
    {
      schema: {
        tags,
        summary: 'The caller’s item report in progress, else their latest one still kept',
        description: '`report` is null when they have none. Poll it for the progress.',
        response: { 200: ActiveReportResponseSchema, ...errorResponses },
      },
      config: read,
    },
    async (request) => ({ report: await reports.activeRequest(requireContext(request)) }),
  );

  app.get(
    REPORT_API.reports,
    {
      schema: {
        tags,
        summary: 'The caller’s item reports still kept, newest first',
        response: { 200: ReportListSchema, ...errorResponses },
      },
      config: read,
    },
    async (request) => ({ reports: await reports.list(requireContext(request)) }),
  );

  app.get(
    `${REPORT_API.reports}/:reportId`,
    {
      schema: {
        tags,
        summary: 'One item report of the caller’s',
        params: ReportIdParamsSchema,
        response: { 200: ReportAnswerSchema, ...errorResponses },
      },
      config: read,
    },
    async (request) => ({
      report: await reports.get(requireContext(request), request.params.reportId),
    }),
  );

  app.get(
    `${REPORT_API.reports}/:reportId/download`,
    {
      schema: {
        tags,
        summary: 'Download the file of a finished item report of the caller’s',
        description:
          '409 reports/not-ready before it is done; 410 reports/expired once its keeping time ' +
          'is over.',
        params: ReportIdParamsSchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: {
          200: z.string().describe('The report file'),
          ...errorResponses,
          410: ErrorBodySchema,
        },
      },
      config: read,
    },
    async (request, reply) => {
      const file = await reports.download(requireContext(request), request.params.reportId);
      reply
        .header(
          'content-disposition',
          `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .type(file.contentType);
      if (file.size !== null) reply.header('content-length', String(file.size));
      // A stream is sent as it is; the schema above only describes it.
      return reply.send(file.stream as unknown as string);
    },
  );

  app.get(
    REPORT_API.defaults,
    {
      schema: {
        tags,
        summary: 'The caller’s report defaults (the built-in ones until they save their own)',
        response: { 200: ReportDefaultsResponseSchema, ...errorResponses },
      },
      config: read,
    },
    async (request) => reports.defaultsOf(requireContext(request)),
  );

  app.put(
    REPORT_API.defaults,
    {
      schema: {
        tags,
        summary: 'Save the caller’s report defaults: filters, columns and format',
        body: ReportDefaultsSchema,
        response: { 200: ReportDefaultsResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('a person’s own report preferences, not the account’s'),
        ...read,
      },
    },
    async (request) => reports.saveDefaults(requireContext(request), request.body),
  );

  app.delete(
    REPORT_API.defaults,
    {
      schema: {
        tags,
        summary: 'Return the caller’s report defaults to the built-in ones',
        response: { 200: ReportDefaultsResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('a person’s own report preferences, not the account’s'),
        ...read,
      },
    },
    async (request) => reports.resetDefaults(requireContext(request)),
  );

  app.get(
    REPORT_API.createdByDate,
    {
      schema: {
        tags,
        summary: 'Items created per day, week or month of a range, in the account’s time zone',
        description:
          '`from` and `to` are days (YYYY-MM-DD, both counted) in the account’s time zone; ' +
          'weeks start on Monday (ISO 8601); every bucket is listed, zero when empty, and the ' +
          'first and last count only the days inside the range. At most ' +
          `${CREATED_BY_DATE_MAX_BUCKETS.day} days, ${CREATED_BY_DATE_MAX_BUCKETS.week} weeks ` +
          `or ${CREATED_BY_DATE_MAX_BUCKETS.month} months.`,
        querystring: ItemsCreatedByDateQuerySchema,
        response: { 200: ItemsCreatedByDateResponseSchema, ...errorResponses },
      },
      config: read,
    },
    async (request) => totals.createdByDate(requireContext(request), request.query),
  );
}

function alreadyRunningBody(error: ReportAlreadyRunning) {
  return {
    statusCode: 409,
    code: error.code,
    error: 'Conflict',
    message: error.message,
    activeReport: error.activeReport,
  };
}
