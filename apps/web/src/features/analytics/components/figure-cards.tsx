import type { ProfitReport } from '@listloop/domain';
import { Alert, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { analyticsMessages as m } from '../analytics.messages';
import { coverageLines, percentText, roundedDays } from '../analytics-text';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={label}>
      <Stack gap={2}>
        <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Text fz={22} fw={700} lh={1.25}>
          {value}
        </Text>
        <Text fz="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The period's headline figures, one card each, with what each counts. */
export function FigureCards({ report }: { report: ProfitReport }) {
  const intl = useIntl();
  const money = useMoneyFormat();
  const { total } = report;
  const { money: amounts } = total;
  const notKnown = intl.formatMessage(m.notKnown);
  const feesOpen = amounts.feeCounts.estimated + amounts.feeCounts.unknown;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Figure
        label={intl.formatMessage(m.cardSales)}
        value={intl.formatNumber(total.sales)}
        detail={intl.formatMessage(m.cardSalesDetail, { units: total.units })}
      />
      <Figure
        label={intl.formatMessage(m.cardRevenue)}
        value={money(amounts.revenue)}
        detail={intl.formatMessage(m.cardRevenueDetail, {
          count: amounts.sales,
          currency: report.currency,
        })}
      />
      <Figure
        label={intl.formatMessage(m.cardFees)}
        value={money(amounts.fees)}
        detail={
          feesOpen === 0
            ? intl.formatMessage(m.cardFeesKnown)
            : intl.formatMessage(m.cardFeesDetail, {
                estimated: amounts.feeCounts.estimated,
                unknown: amounts.feeCounts.unknown,
              })
        }
      />
      <Figure
        label={intl.formatMessage(m.cardCost)}
        value={money(amounts.costOfGoods)}
        detail={
          amounts.salesWithoutCost === 0
            ? intl.formatMessage(m.cardCostKnown)
            : intl.formatMessage(m.cardCostDetail, { count: amounts.salesWithoutCost })
        }
      />
      <Figure
        label={intl.formatMessage(m.cardProfit)}
        value={amounts.profit === null ? notKnown : money(amounts.profit)}
        detail={intl.formatMessage(m.cardProfitDetail, {
          counted: amounts.profitSales,
          total: amounts.sales,
        })}
      />
      <Figure
        label={intl.formatMessage(m.cardMargin)}
        value={amounts.margin === null ? notKnown : percentText(intl, amounts.margin)}
        detail={intl.formatMessage(m.cardMarginDetail)}
      />
      <Figure
        label={intl.formatMessage(m.cardDays)}
        value={
          total.averageDaysToSell === null
            ? notKnown
            : intl.formatMessage(m.cardDaysValue, {
                days: roundedDays(total.averageDaysToSell),
              })
        }
        detail={intl.formatMessage(m.cardDaysDetail)}
      />
      <Figure
        label={intl.formatMessage(m.cardSellThrough)}
        value={
          total.sellThrough.rate === null ? notKnown : percentText(intl, total.sellThrough.rate)
        }
        detail={intl.formatMessage(m.cardSellThroughDetail, {
          sold: total.sellThrough.soldUnits,
          listed: total.sellThrough.listedUnits,
        })}
      />
    </SimpleGrid>
  );
}

/** What the figures leave out and why, said once under them; nothing when all is in. */
export function CoverageNote({ report }: { report: ProfitReport }) {
  const intl = useIntl();
  const lines = coverageLines(intl, report);
  if (lines.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={18} />}
      title={intl.formatMessage(m.coverageTitle)}
    >
      <List size="sm" spacing={4}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
