import {
  ActiveReportResponseSchema,
  ItemsCreatedByDateResponseSchema,
  REPORT_API,
  ReportDefaultsResponseSchema,
  ReportListSchema,
  ReportSchema,
  type DateBucket,
  type ReportDefaultsInput,
  type ReportStartInput,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const reportKeys = {
  all: ['reports'] as const,
  active: () => [...reportKeys.all, 'active'] as const,
  list: () => [...reportKeys.all, 'list'] as const,
  defaults: () => [...reportKeys.all, 'defaults'] as const,
  created: (query: CreatedByDateQuery) => [...reportKeys.all, 'created', query] as const,
};

const ReportAnswerSchema = z.object({ report: ReportSchema });

/** The person's report in progress, else their latest one: what the screen follows. */
export const activeReportQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.active(),
    queryFn: async ({ signal }) =>
      (await apiRequest(REPORT_API.activeRequest, { schema: ActiveReportResponseSchema, signal }))
        .report,
  });

export const reportListQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.list(),
    queryFn: async ({ signal }) =>
      (await apiRequest(REPORT_API.reports, { schema: ReportListSchema, signal })).reports,
  });

export const reportDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.defaults(),
    queryFn: ({ signal }) =>
      apiRequest(REPORT_API.defaults, { schema: ReportDefaultsResponseSchema, signal }),
  });

export async function startReport(input: ReportStartInput) {
  return (
    await apiRequest(REPORT_API.start, { method: 'POST', body: input, schema: ReportAnswerSchema })
  ).report;
}

export async function retryReport(reportId: string) {
  return (
    await apiRequest(`${REPORT_API.start}/${encodeURIComponent(reportId)}`, {
      method: 'POST',
      schema: ReportAnswerSchema,
    })
  ).report;
}

export function saveReportDefaults(defaults: ReportDefaultsInput) {
  return apiRequest(REPORT_API.defaults, {
    method: 'PUT',
    body: defaults,
    schema: ReportDefaultsResponseSchema,
  });
}

export function resetReportDefaults() {
  return apiRequest(REPORT_API.defaults, {
    method: 'DELETE',
    schema: ReportDefaultsResponseSchema,
  });
}

export interface CreatedByDateQuery {
  from: string;
  to: string;
  bucket: DateBucket;
}

export const createdByDateQueryOptions = (query: CreatedByDateQuery) =>
  queryOptions({
    queryKey: reportKeys.created(query),
    queryFn: ({ signal }) =>
      apiRequest(`${REPORT_API.createdByDate}?${new URLSearchParams({ ...query }).toString()}`, {
        schema: ItemsCreatedByDateResponseSchema,
        signal,
      }),
  });
