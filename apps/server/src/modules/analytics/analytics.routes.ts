import {
  ANALYTICS_PATHS,
  AgingExportQuerySchema,
  AgingQuerySchema,
  AgingReportSchema,
  ProfitExportQuerySchema,
  ProfitQuerySchema,
  ProfitReportSchema,
} from '@listloop/domain';
import { z } from 'zod';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import { agingCsv, exportFileName, profitCsv } from './analytics.csv';
import type { AnalyticsService } from './analytics.service';

const tags = ['analytics'];

const PERIOD_DESCRIPTION =
  'from and to are calendar days (YYYY-MM-DD), both included, counted in timeZone (an IANA ' +
  'name, UTC by default). marketplace narrows everything to one channel (a marketplace id, or ' +
  'in_person). bucket groups the figures over time by day, week (Monday first) or month; ' +
  'chosen from the period’s length when left out. Amounts are in the account’s currency; ' +
  'sales in another currency are counted apart, never converted. A fee is the one the ' +
  'marketplace reported, else the dated fee schedule’s on the sale’s day (an estimate where ' +
  'the schedule is approximate), else unknown; profit counts only the sales whose price, fee ' +
  'and cost of goods are all known, and says how many it leaves out.';

export async function analyticsRoutes(app: App, deps: { service: AnalyticsService }) {
  const { service } = deps;

  app.get(
    ANALYTICS_PATHS.profit,
    {
      schema: {
        tags,
        summary: 'Sales, fees, cost of goods, profit, days to sell and sell-through of a period',
        description: PERIOD_DESCRIPTION,
        querystring: ProfitQuerySchema,
        response: { 200: ProfitReportSchema, ...errorResponses },
      },
      config: { access: access.member('reports.read') },
    },
    async (request) => service.profit(requireContext(request), request.query),
  );

  app.get(
    ANALYTICS_PATHS.profitExport,
    {
      schema: {
        tags,
        summary: 'One table of the period’s figures as CSV',
        description: `${PERIOD_DESCRIPTION} table: summary (the total and each marketplace) or series (the figures over time). locale: the language of the headings.`,
        querystring: ProfitExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV file'), ...errorResponses },
      },
      config: { access: access.member('reports.read') },
    },
    async (request, reply) => {
      const { table, locale, ...query } = request.query;
      const report = await service.profit(requireContext(request), query);
      const name = exportFileName([
        table === 'series' ? `profit-by-${report.period.bucket}` : 'profit',
        report.marketplace,
        report.period.from,
        report.period.to,
      ]);
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(profitCsv(report, table, locale));
    },
  );

  app.get(
    ANALYTICS_PATHS.aging,
    {
      schema: {
        tags,
        summary: 'The unsold inventory by age: count and value at price and at cost',
        description:
          'Items with at least one unit on hand (live on marketplace, when given), by whole ' +
          'days since they were created: 0–30, 31–90, 91–180, 181–365 and over 365. Values ' +
          'are units × price and units × cost of goods, in the account’s currency; items ' +
          'without a price or a cost are counted, not valued.',
        querystring: AgingQuerySchema,
        response: { 200: AgingReportSchema, ...errorResponses },
      },
      config: { access: access.member('reports.read') },
    },
    async (request) => service.aging(requireContext(request), request.query),
  );

  app.get(
    ANALYTICS_PATHS.agingExport,
    {
      schema: {
        tags,
        summary: 'The unsold inventory by age as CSV',
        querystring: AgingExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV file'), ...errorResponses },
      },
      config: { access: access.member('reports.read') },
    },
    async (request, reply) => {
      const { locale, ...query } = request.query;
      const report = await service.aging(requireContext(request), query);
      const name = exportFileName([
        'inventory-aging',
        report.marketplace,
        report.asOf.slice(0, 10),
      ]);
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(agingCsv(report, locale));
    },
  );
}
