import type { SaleEvent } from '@listloop/domain';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useIntl, type IntlShape } from 'react-intl';
import { saleWhere } from '../../../lib/sales/sale-channel';
import { itemSalesMessages as m } from '../item-sales.messages';

/** The price in its currency; the number alone when the currency is unknown or unusual. */
function priceText(intl: IntlShape, amount: number | null, currency: string | null) {
  if (amount === null) return null;
  if (!currency) return intl.formatNumber(amount, { minimumFractionDigits: 2 });
  try {
    return intl.formatNumber(amount, { style: 'currency', currency });
  } catch {
    return `${intl.formatNumber(amount, { minimumFractionDigits: 2 })} ${currency}`;
  }
}

/**
 * The item's sales, newest first: where (a marketplace, or in person), when, for how much and
 * how many. Shown once the item has one.
 */
export function ItemSalesCard({ sales }: { sales: readonly SaleEvent[] }) {
  const intl = useIntl();
  if (sales.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sales-title">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={650} id="sales-title">
          {intl.formatMessage(m.title)}
        </Text>
        <Anchor component={Link} to="/app/sales" fz="xs">
          {intl.formatMessage(m.openSales)}
        </Anchor>
      </Group>
      <Stack gap={10} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {sales.map((sale) => {
          const price = priceText(intl, sale.salePrice, sale.currency);
          return (
            <Stack key={sale.eventId} component="li" gap={2} data-testid="item-sale">
              <Group gap="xs" wrap="wrap">
                <Text fz="sm" fw={600}>
                  {intl.formatMessage(m.where, saleWhere(sale.marketplace))}
                </Text>
                {price && (
                  <Text fz="sm" fw={600}>
                    {price}
                  </Text>
                )}
              </Group>
              <Text fz="xs" c="dimmed">
                <time dateTime={sale.soldAt}>
                  {intl.formatDate(sale.soldAt, { dateStyle: 'medium' })}
                </time>
                {sale.quantity > 1 && ` · ${intl.formatMessage(m.units, { count: sale.quantity })}`}
              </Text>
              {sale.kind === 'double_sale' && (
                <Badge
                  color="red"
                  variant="light"
                  radius="sm"
                  tt="none"
                  w="fit-content"
                  leftSection={<IconCopy size={12} />}
                >
                  {intl.formatMessage(m.doubleSale)}
                </Badge>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
