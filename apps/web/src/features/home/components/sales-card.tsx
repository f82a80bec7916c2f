import type { DashboardSales, SalesFigure } from '@listloop/domain';
import { Anchor, Box, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { SectionCard } from '../../../components/ui/section-card';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { relativeTime } from '../../../lib/relative-time';
import { saleChannelName } from '../../../lib/sales/sale-channel';
import { useNow } from '../../../lib/use-now';
import { homeMessages } from '../home.messages';

/** One period's figure: the money first, then how many sales made it. */
function Figure({ label, figure }: { label: string; figure: SalesFigure }) {
  const intl = useIntl();
  const money = useMoneyFormat();
  return (
    <Stack gap={2}>
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {money(figure.revenue)}
      </Text>
      <Text fz="sm" c="dimmed">
        {intl.formatMessage(homeMessages.salesCount, { count: figure.count })}
      </Text>
    </Stack>
  );
}

/** Today's and this week's sales in the account's currency, and the week's latest. */
export function SalesCard({ sales }: { sales: DashboardSales }) {
  const intl = useIntl();
  const money = useMoneyFormat();
  const now = useNow();

  return (
    <SectionCard
      titleId="home-sales"
      icon={<IconReceipt2 size={18} />}
      title={intl.formatMessage(homeMessages.salesTitle)}
      aside={
        <Anchor fz="sm" renderRoot={(props) => <Link to="/app/sales" {...props} />}>
          {intl.formatMessage(homeMessages.salesOpen)}
        </Anchor>
      }
    >
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="md">
          <Figure label={intl.formatMessage(homeMessages.salesToday)} figure={sales.today} />
          <Figure label={intl.formatMessage(homeMessages.salesWeek)} figure={sales.week} />
        </SimpleGrid>
        {sales.week.unpriced > 0 && (
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(homeMessages.salesUnpriced, { count: sales.week.unpriced })}
          </Text>
        )}
        {sales.otherCurrencies.length > 0 && (
          <Box>
            <Text fz="xs" c="dimmed" id="home-sales-other">
              {intl.formatMessage(homeMessages.salesOtherCurrencies)}
            </Text>
            <Box component="ul" aria-labelledby="home-sales-other" m={0} pl="md">
              {sales.otherCurrencies.map((other) => (
                <Text component="li" fz="xs" key={other.currency}>
                  {intl.formatMessage(homeMessages.salesOtherCurrency, {
                    week: money(other.week.revenue, other.currency),
                    weekCount: other.week.count,
                    today: money(other.today.revenue, other.currency),
                  })}
                </Text>
              ))}
            </Box>
          </Box>
        )}

        <Stack gap={6}>
          <Title order={3} fz="sm" fw={600} id="home-sales-latest">
            {intl.formatMessage(homeMessages.salesLatest)}
          </Title>
          {sales.latest.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(homeMessages.salesLatestEmpty)}
            </Text>
          ) : (
            <Stack
              gap={0}
              component="ul"
              aria-labelledby="home-sales-latest"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {sales.latest.map((sale) => {
                const ago = relativeTime(sale.soldAt, now);
                return (
                  <Box
                    component="li"
                    key={sale.eventId}
                    py={6}
                    style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Anchor
                          fz="sm"
                          fw={500}
                          truncate
                          renderRoot={(props) => (
                            <Link
                              to="/app/inventory/$itemId"
                              params={{ itemId: sale.itemId }}
                              {...props}
                            />
                          )}
                        >
                          {sale.itemTitle || intl.formatMessage(homeMessages.untitled)}
                        </Anchor>
                        <Text fz="xs" c="dimmed">
                          {saleChannelName(intl, sale.marketplace)} ·{' '}
                          <time
                            dateTime={sale.soldAt}
                            title={intl.formatDate(sale.soldAt, {
                              dateStyle: 'medium',
                              timeStyle: 'short',
                            })}
                          >
                            {intl.formatRelativeTime(ago.value, ago.unit, { numeric: 'auto' })}
                          </time>
                        </Text>
                      </Stack>
                      <Text fz="sm" fw={600} style={{ flexShrink: 0 }}>
                        {sale.salePrice === null
                          ? intl.formatMessage(homeMessages.salesNoPrice)
                          : money(sale.salePrice, sale.currency)}
                      </Text>
                    </Group>
                  </Box>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Stack>
    </SectionCard>
  );
}
