import {
  ACTIVE_REPORT_STATUSES,
  ReportSchema,
  type Report,
  type ReportDefaultsInput,
  type ReportStartInput,
} from '@listloop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import {
  activeReportQueryOptions,
  reportDefaultsQueryOptions,
  reportKeys,
  reportListQueryOptions,
  resetReportDefaults,
  retryReport,
  saveReportDefaults,
  startReport,
} from '../api/reports.api';

/** How often a report in progress is asked after: a person sees it move. */
export const REPORT_POLL_MS = 1000;

export function isInProgress(report: Report | null | undefined): boolean {
  return report ? ACTIVE_REPORT_STATUSES.includes(report.status) : false;
}

/** The report in progress the server named in a 409, when it did. */
export function activeReportOf(error: unknown): Report | null {
  if (!(error instanceof ApiError) || error.code !== 'reports/already-running') return null;
  const parsed = ReportSchema.safeParse((error.body as { activeReport?: unknown })?.activeReport);
  return parsed.success ? parsed.data : null;
}

/** The person's report, asked for again every second while it is being made. */
export function useActiveReport() {
  return useQuery({
    ...activeReportQueryOptions(),
    refetchInterval: (query) => (isInProgress(query.state.data) ? REPORT_POLL_MS : false),
  });
}

export function useReportList() {
  return useQuery(reportListQueryOptions());
}

export function useReportDefaults() {
  return useQuery(reportDefaultsQueryOptions());
}

function useShowReport() {
  const queryClient = useQueryClient();
  return (report: Report) => {
    queryClient.setQueryData(reportKeys.active(), report);
    void queryClient.invalidateQueries({ queryKey: reportKeys.list() });
  };
}

export function useStartReport() {
  const show = useShowReport();
  return useMutation({
    mutationFn: (input: ReportStartInput) => startReport(input),
    onSuccess: show,
    onError: (error) => {
      // Another tab started one: the screen follows that one.
      const active = activeReportOf(error);
      if (active) show(active);
    },
  });
}

export function useRetryReport() {
  const show = useShowReport();
  return useMutation({
    mutationFn: (reportId: string) => retryReport(reportId),
    onSuccess: show,
    onError: (error) => {
      const active = activeReportOf(error);
      if (active) show(active);
    },
  });
}

export function useSaveReportDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (defaults: ReportDefaultsInput) => saveReportDefaults(defaults),
    onSuccess: (saved) => queryClient.setQueryData(reportKeys.defaults(), saved),
  });
}

export function useResetReportDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetReportDefaults(),
    onSuccess: (reset) => queryClient.setQueryData(reportKeys.defaults(), reset),
  });
}
