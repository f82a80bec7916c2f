import type { AnalyticsBucket, ProfitReport } from '@listloop/domain';
import { BarChart } from '@mantine/charts';
import { SegmentedControl, Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { bucketNames, analyticsMessages as m, seriesNames } from '../analytics.messages';
import { bucketLabel, overTimeSummary } from '../analytics-text';
import { FigureSection } from './figure-section';

/** Revenue and profit per day, week or month of the period, as bars and as a table. */
export function OverTimeSection({
  report,
  buckets,
  onBucketChange,
  csvHref,
}: {
  report: ProfitReport;
  /** The groupings this period may be charted by. */
  buckets: readonly AnalyticsBucket[];
  onBucketChange: (bucket: AnalyticsBucket) => void;
  csvHref: string;
}) {
  const intl = useIntl();
  const money = useMoneyFormat();
  const bucket = report.period.bucket;
  const data = report.series.map((point) => ({
    label: bucketLabel(intl, point.start, bucket),
    revenue: point.revenue,
    // A bucket with no sale earned nothing; one whose sales are all left out shows no bar.
    profit: point.sales === 0 ? 0 : point.profit,
  }));
  return (
    <FigureSection
      title={intl.formatMessage(m.overTimeTitle)}
      description={intl.formatMessage(m.overTimeDescription)}
      controls={
        <SegmentedControl
          size="xs"
          aria-label={intl.formatMessage(m.groupBy)}
          value={bucket}
          onChange={(value) => onBucketChange(value as AnalyticsBucket)}
          data={buckets.map((value) => ({
            value,
            label: intl.formatMessage(bucketNames[value]),
          }))}
        />
      }
      csv={{ href: csvHref, label: intl.formatMessage(m.downloadOverTime) }}
      summary={overTimeSummary(intl, report, (amount) => money(amount))}
      chart={
        <BarChart
          h={260}
          data={data}
          dataKey="label"
          series={[
            { name: 'revenue', label: intl.formatMessage(seriesNames.revenue), color: 'blue.6' },
            { name: 'profit', label: intl.formatMessage(seriesNames.profit), color: 'teal.6' },
          ]}
          valueFormatter={(value) => money(value)}
          withLegend
          // The section's sentence and table say it for assistive tech; the bars are for the eye.
          accessibilityLayer={false}
          tickLine="y"
          gridAxis="y"
          yAxisProps={{ width: 80 }}
          maxBarWidth={28}
        />
      }
      table={
        <Table.ScrollContainer minWidth={560}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(m.columnPeriod)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnSales)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnRevenue)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnFees)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnCost)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnProfit)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnLeftOut)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.series.map((point) => (
                <Table.Tr key={point.start}>
                  <Table.Th scope="row" fw={500}>
                    {bucketLabel(intl, point.start, bucket)}
                  </Table.Th>
                  <Table.Td ta="end">{intl.formatNumber(point.sales)}</Table.Td>
                  <Table.Td ta="end">{money(point.revenue)}</Table.Td>
                  <Table.Td ta="end">{money(point.fees)}</Table.Td>
                  <Table.Td ta="end">{money(point.costOfGoods)}</Table.Td>
                  <Table.Td ta="end">
                    {point.profit !== null
                      ? money(point.profit)
                      : point.sales === 0
                        ? money(0)
                        : intl.formatMessage(m.notKnown)}
                  </Table.Td>
                  <Table.Td ta="end">{intl.formatNumber(point.salesLeftOut)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
}
