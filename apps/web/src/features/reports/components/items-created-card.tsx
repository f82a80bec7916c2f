import '@mantine/charts/styles.css';
import { DATE_BUCKETS, dayIn, type DateBucket, type ItemsCreatedByDate } from '@listloop/domain';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Button,
  EmptyState,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useSignedInSession } from '../../../lib/session';
import { createdByDateQueryOptions } from '../api/reports.api';
import {
  bucketAxisLabel,
  bucketPeriod,
  dayDate,
  defaultRange,
  rangeProblem,
  totalsCsv,
  totalsFileName,
  type RangeProblem,
} from '../created-totals';
import { bucketNames, reportsMessages as m } from '../reports.messages';

type View = 'chart' | 'table';

function problemText(intl: IntlShape, problem: RangeProblem, bucket: DateBucket): string {
  if (problem.kind === 'tooLong') {
    return intl.formatMessage(m.createdTooLong, { bucket, max: problem.max });
  }
  return intl.formatMessage(m.filtersRangeReversed);
}

/** Saves text as a file the way a link to one would. */
function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Items created per day, week or month of a chosen range, counted in the account's time zone:
 * a bar chart for the eye, the same figures as a table for anyone who would rather read them,
 * and both as a CSV file.
 */
export function ItemsCreatedCard() {
  const intl = useIntl();
  const { timeZone } = useSignedInSession().account;
  const [range, setRange] = useState(() => defaultRange(dayIn(Date.now(), timeZone)));
  const [view, setView] = useState<View>('chart');
  const problem = rangeProblem(range.from, range.to, range.bucket);
  const totals = useQuery({
    ...createdByDateQueryOptions(range),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });

  const day = (value: string) =>
    intl.formatDate(dayDate(value), { dateStyle: 'medium', timeZone: 'UTC' });
  const rows = useMemo(
    () =>
      (totals.data?.buckets ?? []).map((b) => ({
        key: b.start,
        label:
          totals.data?.bucket === 'week'
            ? intl.formatMessage(m.createdWeekOf, {
                date: bucketAxisLabel(intl.formatDate, 'day', b.start),
              })
            : bucketAxisLabel(intl.formatDate, totals.data?.bucket ?? 'day', b.start),
        period: bucketPeriod(intl.formatDateTimeRange, intl.formatDate, b),
        total: b.total,
      })),
    [totals.data, intl],
  );

  return (
    <SectionCard
      titleId="reports-created"
      title={intl.formatMessage(m.createdTitle)}
      icon={<IconChartBar size={18} />}
      description={
        <>
          {intl.formatMessage(m.createdDescription)}{' '}
          {intl.formatMessage(m.createdTimeZone, {
            timeZone,
            link: (chunks) => (
              <Anchor component={Link} to="/app/account" fz="sm" underline="always">
                {chunks}
              </Anchor>
            ),
          })}
        </>
      }
    >
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={intl.formatMessage(m.createdFrom)}
            value={range.from}
            onChange={(event) => setRange((r) => ({ ...r, from: event.currentTarget.value }))}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            type="date"
            label={intl.formatMessage(m.createdTo)}
            value={range.to}
            onChange={(event) => setRange((r) => ({ ...r, to: event.currentTarget.value }))}
            error={
              problem && problem.kind !== 'missing'
                ? problemText(intl, problem, range.bucket)
                : undefined
            }
            w={{ base: '100%', xs: 170 }}
          />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="reports-created-bucket">
              {intl.formatMessage(m.createdBucket)}
            </Text>
            <SegmentedControl
              aria-labelledby="reports-created-bucket"
              value={range.bucket}
              onChange={(bucket) => setRange((r) => ({ ...r, bucket: bucket as DateBucket }))}
              data={DATE_BUCKETS.map((bucket) => ({
                value: bucket,
                label: intl.formatMessage(bucketNames[bucket]),
              }))}
            />
          </Stack>
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="reports-created-view">
              {intl.formatMessage(m.createdView)}
            </Text>
            <SegmentedControl
              aria-labelledby="reports-created-view"
              value={view}
              onChange={(next) => setView(next as View)}
              data={[
                { value: 'chart', label: intl.formatMessage(m.createdViewChart) },
                { value: 'table', label: intl.formatMessage(m.createdViewTable) },
              ]}
            />
          </Stack>
        </Group>

        {problem !== null ? null : totals.isPending ? (
          <Skeleton h={260} radius="md" />
        ) : totals.isError ? (
          <LoadErrorAlert
            title={intl.formatMessage(m.createdLoadFailed)}
            error={totals.error}
            onRetry={() => void totals.refetch()}
          />
        ) : (
          <Totals
            data={totals.data}
            rows={rows}
            view={view}
            from={day(totals.data.from)}
            to={day(totals.data.to)}
          />
        )}
      </Stack>
    </SectionCard>
  );
}

function Totals({
  data,
  rows,
  view,
  from,
  to,
}: {
  data: ItemsCreatedByDate;
  rows: { key: string; label: string; period: string; total: number }[];
  view: View;
  from: string;
  to: string;
}) {
  const intl = useIntl();
  const summary = intl.formatMessage(m.createdTotal, { count: data.total, from, to });
  const headers: [string, string] = [
    intl.formatMessage(m.createdPeriod),
    intl.formatMessage(m.createdItems),
  ];
  const delimiter = intl.formatNumber(1.5).includes(',') ? ';' : ',';

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text fz="sm" fw={600} role="status">
          {summary}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() =>
            downloadText(
              totalsCsv(
                headers,
                rows.map((r) => ({ period: r.period, total: r.total })),
                delimiter,
              ),
              totalsFileName(data),
            )
          }
        >
          {intl.formatMessage(m.createdDownload)}
        </Button>
      </Group>
      {data.total === 0 ? (
        <EmptyState
          py="lg"
          variant="light"
          icon={<IconChartBar size={26} />}
          title={intl.formatMessage(m.createdEmpty)}
        />
      ) : view === 'chart' ? (
        <figure style={{ margin: 0 }} aria-labelledby="reports-created-caption">
          <BarChart
            h={260}
            data={rows}
            dataKey="label"
            series={[{ name: 'total', label: headers[1], color: 'teal.6' }]}
            tickLine="y"
            gridAxis="y"
            barProps={{ radius: 3 }}
            valueFormatter={(value) => intl.formatNumber(value)}
            yAxisProps={{ allowDecimals: false }}
          />
          <Text component="figcaption" id="reports-created-caption" fz="xs" c="dimmed" mt={4}>
            {intl.formatMessage(m.createdChartLabel, { bucket: data.bucket, from, to })}
          </Text>
        </figure>
      ) : (
        <Table.ScrollContainer minWidth={360} mah={320}>
          <Table striped fz="sm" verticalSpacing={4} stickyHeader>
            <Table.Caption>{summary}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{headers[0]}</Table.Th>
                <Table.Th ta="right">{headers[1]}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.period}</Table.Td>
                  <Table.Td ta="right">{intl.formatNumber(row.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
