import type { Report } from '@listloop/domain';
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
  IconFileSpreadsheet,
} from '@tabler/icons-react';
import { useIntl, type IntlShape } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { errorText } from '../../../lib/error-text';
import { useSignedInSession } from '../../../lib/session';
import { isInProgress } from '../hooks/use-reports';
import { fileSize, progressPercent } from '../report-text';
import { failureTexts, formatNames, reportsMessages as m } from '../reports.messages';

interface ReportStatusProps {
  query: {
    data: Report | null | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  onRetry: (reportId: string) => void;
  retrying: boolean;
  retryError: unknown;
}

/**
 * The person's latest report as it is now: waiting, being written (rows done of all), ready to
 * download, or failed with a way to try again. Its words are announced as they change.
 */
export function ReportStatus({ query, onRetry, retrying, retryError }: ReportStatusProps) {
  const intl = useIntl();
  const { timeZone } = useSignedInSession().account;
  const when = (at: string) =>
    intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short', timeZone });

  if (query.isPending) return <Skeleton h={72} radius="md" />;
  if (query.isError && query.data === undefined) {
    return (
      <LoadErrorAlert
        title={intl.formatMessage(m.itemLoadFailed)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const report = query.data ?? null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="report-status-title"
      bg="var(--mantine-color-gray-light)"
    >
      <Text id="report-status-title" fw={600} fz="sm" mb={6}>
        {intl.formatMessage(m.statusTitle)}
      </Text>
      {/* Said once per change of state; the bar's own value tells how far it is. */}
      <VisuallyHidden role="status">{report ? announcement(intl, report) : ''}</VisuallyHidden>
      <div>
        {report === null ? (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(m.statusNone)}
          </Text>
        ) : isInProgress(report) ? (
          <InProgress report={report} startedAt={when(report.createdAt)} />
        ) : report.status === 'done' ? (
          <Group justify="space-between" align="center" gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconCircleCheck size={22} color="var(--mantine-color-teal-6)" aria-hidden />
              <Stack gap={2}>
                <Text fz="sm" fw={600}>
                  {intl.formatMessage(m.statusDone, {
                    rows: report.rowsDone,
                    size: fileSize(intl.formatNumber, report.fileSize ?? 0),
                  })}
                </Text>
                <Text fz="xs" c="dimmed">
                  {intl.formatMessage(m.statusDoneDetail, {
                    format: intl.formatMessage(formatNames[report.format]),
                    made: when(report.finishedAt ?? report.createdAt),
                    until: when(report.expiresAt ?? report.createdAt),
                  })}
                </Text>
              </Stack>
            </Group>
            <Button
              component="a"
              href={report.downloadPath ?? undefined}
              download={report.fileName ?? true}
              leftSection={<IconDownload size={16} />}
            >
              {intl.formatMessage(m.download, {
                format: intl.formatMessage(formatNames[report.format]),
              })}
            </Button>
          </Group>
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={intl.formatMessage(m.statusFailed)}
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{intl.formatMessage(failureTexts[report.failure ?? 'error'])}</Text>
              <Text fz="xs" c="dimmed">
                {intl.formatMessage(m.statusStartedAt, { when: when(report.createdAt) })}
              </Text>
              {retryError !== null && retryError !== undefined && (
                <Text fz="sm" c="red">
                  {intl.formatMessage(m.retryFailed, { reason: errorText(intl, retryError) })}
                </Text>
              )}
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={retrying}
                onClick={() => onRetry(report.reportId)}
              >
                {intl.formatMessage(m.retry)}
              </Button>
            </Stack>
          </Alert>
        )}
      </div>
    </Paper>
  );
}

function announcement(intl: IntlShape, report: Report): string {
  switch (report.status) {
    case 'queued':
      return intl.formatMessage(m.statusQueued);
    case 'running':
      return intl.formatMessage(m.statusMaking);
    case 'done':
      return intl.formatMessage(m.statusReady);
    case 'failed':
      return intl.formatMessage(m.statusFailed);
  }
}

function InProgress({ report, startedAt }: { report: Report; startedAt: string }) {
  const intl = useIntl();
  const counted = report.status === 'running' && report.rowsTotal !== null;
  const text =
    report.status === 'queued'
      ? intl.formatMessage(m.statusQueued)
      : counted
        ? intl.formatMessage(m.statusRunning, {
            done: report.rowsDone,
            total: report.rowsTotal,
          })
        : intl.formatMessage(m.statusCounting);
  const percent = progressPercent(report.rowsDone, report.rowsTotal);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        <IconFileSpreadsheet size={18} aria-hidden />
        <Text fz="sm" fw={600}>
          {text}
        </Text>
      </Group>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label={intl.formatMessage(m.statusProgressLabel)}
        aria-valuemin={0}
        // Until the rows are counted the bar has no value: it is busy, not at zero.
        {...(counted
          ? {
              'aria-valuemax': report.rowsTotal ?? 0,
              'aria-valuenow': report.rowsDone,
              'aria-valuetext': text,
            }
          : {})}
      >
        <Progress.Section
          value={counted ? percent : 100}
          animated={!counted || percent < 100}
          withAria={false}
        />
      </Progress.Root>
      <Text fz="xs" c="dimmed">
        {intl.formatMessage(m.statusStartedAt, { when: startedAt })}
      </Text>
    </Stack>
  );
}
