import type { AgingBandFigures, AgingReport } from '@listloop/domain';
import { BarChart } from '@mantine/charts';
import { Card, Skeleton, Stack, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { bandNames, analyticsMessages as m, seriesNames } from '../analytics.messages';
import { agingSummary, channelName } from '../analytics-text';
import { FigureSection } from './figure-section';

function BandRow({ name, band, bold }: { name: string; band: AgingBandFigures; bold?: boolean }) {
  const intl = useIntl();
  const money = useMoneyFormat();
  return (
    <Table.Tr fw={bold ? 650 : undefined}>
      <Table.Th scope="row" fw={bold ? 650 : 500}>
        {name}
      </Table.Th>
      <Table.Td ta="end">{intl.formatNumber(band.items)}</Table.Td>
      <Table.Td ta="end">{intl.formatNumber(band.units)}</Table.Td>
      <Table.Td ta="end">{money(band.valueAtPrice)}</Table.Td>
      <Table.Td ta="end">{money(band.valueAtCost)}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The unsold inventory by age: today's stock (on the chosen marketplace), valued at price and
 * at cost, whatever the period. Loads on its own, so a slow period never holds it up.
 */
export function AgingSection({
  query,
  csvHref,
}: {
  query: UseQueryResult<AgingReport>;
  csvHref: string;
}) {
  const intl = useIntl();
  const money = useMoneyFormat();
  if (query.isPending) {
    return (
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm" aria-busy="true" aria-label={intl.formatMessage(commonMessages.loading)}>
          <Skeleton h={20} w={240} />
          <Skeleton h={200} />
        </Stack>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorAlert
        title={intl.formatMessage(m.agingLoadFailed)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const report = query.data;
  const data = report.bands.map((band) => ({
    band: intl.formatMessage(bandNames[band.band]),
    valueAtPrice: band.valueAtPrice,
    valueAtCost: band.valueAtCost,
  }));
  const { total } = report;
  return (
    <FigureSection
      title={intl.formatMessage(m.agingTitle)}
      description={
        report.marketplace
          ? intl.formatMessage(m.agingDescriptionMarketplace, {
              marketplace: channelName(intl, report.marketplace),
            })
          : intl.formatMessage(m.agingDescription)
      }
      csv={{ href: csvHref, label: intl.formatMessage(m.downloadAging) }}
      summary={
        total.items === 0
          ? intl.formatMessage(m.agingEmpty)
          : [
              agingSummary(intl, report, (amount) => money(amount)),
              total.itemsWithoutPrice + total.itemsWithoutCost > 0
                ? intl.formatMessage(m.agingWithout, {
                    noPrice: total.itemsWithoutPrice,
                    noCost: total.itemsWithoutCost,
                  })
                : '',
            ]
              .filter(Boolean)
              .join(' ')
      }
      chart={
        total.items === 0 ? null : (
          <BarChart
            h={240}
            data={data}
            dataKey="band"
            series={[
              {
                name: 'valueAtPrice',
                label: intl.formatMessage(seriesNames.valueAtPrice),
                color: 'blue.6',
              },
              {
                name: 'valueAtCost',
                label: intl.formatMessage(seriesNames.valueAtCost),
                color: 'grape.6',
              },
            ]}
            valueFormatter={(value) => money(value)}
            withLegend
            // The section's sentence and table say it for assistive tech; the bars are for the eye.
            accessibilityLayer={false}
            tickLine="y"
            gridAxis="y"
            yAxisProps={{ width: 80 }}
            maxBarWidth={40}
          />
        )
      }
      tableOpen
      table={
        <Table.ScrollContainer minWidth={520}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(m.columnAge)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnItems)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnUnits)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnValueAtPrice)}</Table.Th>
                <Table.Th ta="end">{intl.formatMessage(m.columnValueAtCost)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.bands.map((band) => (
                <BandRow
                  key={band.band}
                  name={intl.formatMessage(bandNames[band.band])}
                  band={band}
                />
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <BandRow name={intl.formatMessage(m.agingAllBands)} band={total} bold />
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
}
