import type { ProfitReport, SaleFigures } from '@listloop/domain';
import { BarChart } from '@mantine/charts';
import { Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { analyticsMessages as m, seriesNames } from '../analytics.messages';
import { channelName, percentText, roundedDays } from '../analytics-text';
import { FigureSection } from './figure-section';

/** One row of the marketplaces' table: the total's or a channel's figures. */
function FiguresRow({
  name,
  figures,
  bold,
}: {
  name: string;
  figures: SaleFigures;
  bold?: boolean;
}) {
  const intl = useIntl();
  const money = useMoneyFormat();
  const notKnown = intl.formatMessage(m.notKnown);
  const { money: amounts } = figures;
  return (
    <Table.Tr fw={bold ? 650 : undefined}>
      <Table.Th scope="row" fw={bold ? 650 : 500}>
        {name}
      </Table.Th>
      <Table.Td ta="end">{intl.formatNumber(figures.sales)}</Table.Td>
      <Table.Td ta="end">{money(amounts.revenue)}</Table.Td>
      <Table.Td ta="end">{money(amounts.fees)}</Table.Td>
      <Table.Td ta="end">{money(amounts.costOfGoods)}</Table.Td>
      <Table.Td ta="end">
        {amounts.profit === null ? (amounts.sales === 0 ? '' : notKnown) : money(amounts.profit)}
      </Table.Td>
      <Table.Td ta="end">
        {amounts.margin === null ? '' : percentText(intl, amounts.margin)}
      </Table.Td>
      <Table.Td ta="end">
        {figures.averageDaysToSell === null
          ? ''
          : intl.formatNumber(roundedDays(figures.averageDaysToSell))}
      </Table.Td>
      <Table.Td ta="end">
        {figures.sellThrough.rate === null ? '' : percentText(intl, figures.sellThrough.rate)}
      </Table.Td>
    </Table.Tr>
  );
}

/** Each marketplace's revenue, fees and profit as bars, and every figure in a table. */
export function MarketplaceSection({ report, csvHref }: { report: ProfitReport; csvHref: string }) {
  const intl = useIntl();
  const money = useMoneyFormat();
  const sold = report.channels.filter((channel) => channel.sales > 0);
  const top = sold[0];
  const data = sold.map((channel) => ({
    name: channelName(intl, channel.channel),
    revenue: channel.money.revenue,
    fees: channel.money.fees,
    profit: channel.money.profit ?? 0,
  }));
  return (
    <FigureSection
      title={intl.formatMessage(m.byMarketplaceTitle)}
      description={intl.formatMessage(m.byMarketplaceDescription)}
      csv={{ href: csvHref, label: intl.formatMessage(m.downloadMarketplaces) }}
      summary={
        top
          ? intl.formatMessage(m.byMarketplaceSummary, {
              marketplace: channelName(intl, top.channel),
              revenue: money(top.money.revenue),
              count: sold.length,
            })
          : ''
      }
      chart={
        <BarChart
          h={Math.max(140, 48 * data.length + 60)}
          data={data}
          dataKey="name"
          orientation="vertical"
          series={[
            { name: 'revenue', label: intl.formatMessage(seriesNames.revenue), color: 'blue.6' },
            { name: 'fees', label: intl.formatMessage(seriesNames.fees), color: 'orange.6' },
            { name: 'profit', label: intl.formatMessage(seriesNames.profit), color: 'teal.6' },
          ]}
          valueFormatter={(value) => money(value)}
          withLegend
          // The section's sentence and table say it for assistive tech; the bars are for the eye.
          accessibilityLayer={false}
          gridAxis="x"
          yAxisProps={{ width: 110 }}
          maxBarWidth={14}
        />
      }
      tableOpen
      table={
        <Table.ScrollContainer minWidth={760}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(m.columnMarketplace)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnSales)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnRevenue)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnFees)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnCost)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnProfit)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnMargin)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnDays)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnSellThrough)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.channels.map((channel) => (
                <FiguresRow
                  key={channel.channel}
                  name={channelName(intl, channel.channel)}
                  figures={channel}
                />
              ))}
            </Table.Tbody>
            {report.marketplace === null && (
              <Table.Tfoot>
                <FiguresRow name={intl.formatMessage(m.total)} figures={report.total} bold />
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
}
