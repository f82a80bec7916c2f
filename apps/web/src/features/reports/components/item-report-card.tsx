import {
  LOCALES,
  REPORT_COLUMNS,
  REPORT_FORMATS,
  REPORT_RETENTION_DAYS,
  type Locale,
  type ReportDefaultsResponse,
  type ReportFormat,
} from '@listloop/domain';
import {
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { errorText } from '../../../lib/error-text';
import { labelsQueryOptions } from '../../../lib/inventory/label.api';
import { useMayUse, useSignedInSession } from '../../../lib/session';
import {
  activeReportOf,
  isInProgress,
  useActiveReport,
  useReportDefaults,
  useReportList,
  useResetReportDefaults,
  useRetryReport,
  useSaveReportDefaults,
  useStartReport,
} from '../hooks/use-reports';
import {
  defaultsInput,
  formProblems,
  hasProblems,
  inOfferedOrder,
  sameAsDefaults,
  startInput,
  toggleColumn,
  valuesFromDefaults,
  type ReportFormValues,
} from '../report-form';
import { columnNames, formatNames, reportsMessages as m } from '../reports.messages';
import { RecentReports } from './recent-reports';
import { ReportFilters } from './report-filters';
import { ReportStatus } from './report-status';

/**
 * The item report: the person's latest report as it is now, the form that asks for a new one
 * (columns, filters, file type) starting from their saved defaults, and their recent reports.
 */
export function ItemReportCard() {
  const intl = useIntl();
  const active = useActiveReport();
  const defaults = useReportDefaults();
  const list = useReportList();
  const retry = useRetryReport();

  // A report that finishes while the screen is open joins the list of recent ones.
  const status = active.data?.status;
  const refetchList = list.refetch;
  const lastStatus = useRef(status);
  useEffect(() => {
    if (lastStatus.current !== status) void refetchList();
    lastStatus.current = status;
  }, [status, refetchList]);

  return (
    <SectionCard
      titleId="reports-item"
      title={intl.formatMessage(m.itemTitle)}
      icon={<IconFileSpreadsheet size={18} />}
      description={intl.formatMessage(m.itemDescription, { days: REPORT_RETENTION_DAYS })}
    >
      <Stack gap="lg">
        <ReportStatus
          query={active}
          onRetry={(reportId) => retry.mutate(reportId)}
          retrying={retry.isPending}
          retryError={retry.error}
        />
        {defaults.isPending ? (
          <Stack gap="sm" aria-hidden>
            <Skeleton h={36} w={240} />
            <Skeleton h={120} />
            <Skeleton h={160} />
          </Stack>
        ) : defaults.isError ? (
          <LoadErrorAlert
            title={intl.formatMessage(m.itemLoadFailed)}
            error={defaults.error}
            onRetry={() => void defaults.refetch()}
          />
        ) : (
          <ReportForm
            key={defaults.data.updatedAt ?? 'built-in'}
            defaults={defaults.data}
            busy={isInProgress(active.data)}
          />
        )}
        <RecentReports reports={list.data ?? []} />
      </Stack>
    </SectionCard>
  );
}

function ReportForm({ defaults, busy }: { defaults: ReportDefaultsResponse; busy: boolean }) {
  const intl = useIntl();
  const session = useSignedInSession();
  const mayReport = useMayUse('reports.items');
  const order = useMarketplaceOrder();
  const labels = useQuery(labelsQueryOptions(session.userId));
  const labelNames = useMemo(() => labels.data?.map((label) => label.name) ?? [], [labels.data]);
  const [values, setValues] = useState<ReportFormValues>(() =>
    valuesFromDefaults(defaults.defaults),
  );
  const start = useStartReport();
  const save = useSaveReportDefaults();
  const reset = useResetReportDefaults();
  const problems = formProblems(values);
  const locale = (LOCALES as readonly string[]).includes(intl.locale)
    ? (intl.locale as Locale)
    : undefined;
  const saved = sameAsDefaults(values, defaults.defaults);

  const submit = () => {
    if (hasProblems(values) || busy) return;
    start.mutate(startInput(values, locale ?? 'en-US'), {
      onSuccess: () =>
        notifications.show({ color: 'teal', message: intl.formatMessage(m.started) }),
      onError: (error) => {
        const running = activeReportOf(error);
        notifications.show({
          color: running ? 'yellow' : 'red',
          message: running
            ? intl.formatMessage(m.alreadyRunning, {
                when: intl.formatDate(running.createdAt, {
                  timeStyle: 'short',
                  timeZone: session.account.timeZone,
                }),
              })
            : intl.formatMessage(m.startFailed, { reason: errorText(intl, error) }),
        });
      },
    });
  };

  const notSaved = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: intl.formatMessage(m.defaultsNotSaved, { reason: errorText(intl, error) }),
    });

  return (
    <form
      noValidate
      aria-label={intl.formatMessage(m.itemTitle)}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text fz="sm" fw={600} id="report-format-label">
            {intl.formatMessage(m.formatLabel)}
          </Text>
          <SegmentedControl
            aria-labelledby="report-format-label"
            w={{ base: '100%', xs: 280 }}
            value={values.format}
            disabled={!mayReport}
            onChange={(format) => setValues((v) => ({ ...v, format: format as ReportFormat }))}
            data={REPORT_FORMATS.map((format) => ({
              value: format,
              label: intl.formatMessage(formatNames[format]),
            }))}
          />
        </Stack>

        <Checkbox.Group
          label={intl.formatMessage(m.columnsLabel)}
          description={intl.formatMessage(m.columnsChosen, { count: values.columns.length })}
          error={problems.columns ? intl.formatMessage(m.columnsRequired) : undefined}
          value={values.columns}
          onChange={(columns) =>
            setValues((v) => ({ ...v, columns: inOfferedOrder(columns as typeof v.columns) }))
          }
        >
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" verticalSpacing={8} mt="xs">
            {REPORT_COLUMNS.map((column) => (
              <Checkbox
                key={column}
                value={column}
                disabled={!mayReport}
                label={intl.formatMessage(columnNames[column])}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            disabled={!mayReport || values.columns.length === REPORT_COLUMNS.length}
            onClick={() =>
              setValues((v) => ({
                ...v,
                columns: REPORT_COLUMNS.reduce((all, c) => toggleColumn(all, c, true), v.columns),
              }))
            }
          >
            {intl.formatMessage(m.columnsAll)}
          </Button>
          <Button
            variant="subtle"
            size="xs"
            color="gray"
            disabled={!mayReport}
            onClick={() =>
              setValues((v) => ({ ...v, columns: inOfferedOrder(defaults.defaults.columns) }))
            }
          >
            {intl.formatMessage(m.columnsDefault)}
          </Button>
        </Group>

        <ReportFilters
          values={values.filters}
          onChange={(filters) => setValues((v) => ({ ...v, filters }))}
          marketplaces={order(session.allowedMarketplaces)}
          labelNames={labelNames}
          problems={problems}
          disabled={!mayReport}
        />

        <Group justify="space-between" gap="sm" align="center">
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(defaults.saved ? m.defaultsYours : m.defaultsBuiltIn)}
          </Text>
          <Group gap="xs">
            {defaults.saved && (
              <Button
                variant="subtle"
                color="gray"
                disabled={!mayReport}
                loading={reset.isPending}
                onClick={() =>
                  reset.mutate(undefined, {
                    onSuccess: () =>
                      notifications.show({
                        color: 'teal',
                        message: intl.formatMessage(m.defaultsReset),
                      }),
                    onError: notSaved,
                  })
                }
              >
                {intl.formatMessage(m.resetDefaults)}
              </Button>
            )}
            <Button
              variant="default"
              disabled={!mayReport || (saved && defaults.saved) || hasProblems(values)}
              loading={save.isPending}
              onClick={() =>
                save.mutate(defaultsInput(values), {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      message: intl.formatMessage(m.defaultsSaved),
                    }),
                  onError: notSaved,
                })
              }
            >
              {intl.formatMessage(m.saveDefaults)}
            </Button>
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!mayReport || busy || hasProblems(values)}
              loading={start.isPending}
              aria-describedby={busy ? 'report-start-busy' : undefined}
            >
              {intl.formatMessage(m.start)}
            </Button>
          </Group>
        </Group>
        {busy && (
          <Text id="report-start-busy" fz="xs" c="dimmed" ta="right">
            {intl.formatMessage(m.startBusy)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
