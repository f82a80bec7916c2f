import {
  ANALYTICS_PATHS,
  AgingReportSchema,
  ProfitReportSchema,
  type AnalyticsBucket,
  type ProfitExportTable,
  type SaleChannel,
} from '@listloop/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What the profit figures are asked for: a period in a time zone, one channel or all. */
export interface ProfitParams {
  from: string;
  to: string;
  timeZone: string;
  marketplace?: SaleChannel | undefined;
  bucket?: AnalyticsBucket | undefined;
}

function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return search.toString();
}

const profitQuery = (params: ProfitParams) =>
  queryString({
    from: params.from,
    to: params.to,
    timeZone: params.timeZone,
    marketplace: params.marketplace,
    bucket: params.bucket,
  });

export const analyticsKeys = {
  all: ['analytics'] as const,
  profit: (params: ProfitParams) => ['analytics', 'profit', params] as const,
  aging: (marketplace: string | undefined) => ['analytics', 'aging', marketplace ?? null] as const,
};

/** The period's figures; the last answer stays on screen while a new period loads. */
export const profitQueryOptions = (params: ProfitParams) =>
  queryOptions({
    queryKey: analyticsKeys.profit(params),
    queryFn: ({ signal }) =>
      apiRequest(`${ANALYTICS_PATHS.profit}?${profitQuery(params)}`, {
        schema: ProfitReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The unsold inventory by age (on one marketplace, or all of it). */
export const agingQueryOptions = (marketplace: Exclude<SaleChannel, 'in_person'> | undefined) =>
  queryOptions({
    queryKey: analyticsKeys.aging(marketplace),
    queryFn: ({ signal }) =>
      apiRequest(`${ANALYTICS_PATHS.aging}?${queryString({ marketplace })}`, {
        schema: AgingReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The address of one table of the period's figures as CSV, headed in the screen's language. */
export function profitCsvHref(
  params: ProfitParams,
  table: ProfitExportTable,
  locale: string,
): string {
  return `${ANALYTICS_PATHS.profitExport}?${profitQuery(params)}&${queryString({ table, locale })}`;
}

export function agingCsvHref(
  marketplace: Exclude<SaleChannel, 'in_person'> | undefined,
  locale: string,
): string {
  return `${ANALYTICS_PATHS.agingExport}?${queryString({ marketplace, locale })}`;
}
