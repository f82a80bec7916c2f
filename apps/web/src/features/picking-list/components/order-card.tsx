import {
  isLineVerified,
  type PickingLine,
  type PickingListColumn,
  type PickingOrder,
} from '@listloop/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleDashed,
  IconDots,
  IconPackageExport,
  IconPrinter,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Thumbnail } from '../../../components/inventory/item-thumbnail';
import { useId } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { columnNames, deadlineNames, pickingListMessages as m } from '../picking-list.messages';
import { channelName, DEADLINE_COLORS, deadlineState, orderProgress } from '../picking-list-view';

/** A line's photo, whole, or a placeholder when the item has none. */
export function LinePhoto({ src, size, alt }: { src: string | null; size: number; alt: string }) {
  return <Thumbnail src={src} size={size} alt={alt} fit="contain" />;
}

/** When the order must ship: a coloured badge by how near it is, or "not given". */
export function DeadlineBadge({ shipBy }: { shipBy: string | null }) {
  const intl = useIntl();
  const state = deadlineState(shipBy, new Date());
  if (!shipBy || !state) {
    return (
      <Badge variant="light" color="gray" size="md" tt="none">
        {intl.formatMessage(m.orderShipByNotGiven)}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={DEADLINE_COLORS[state]} size="md" tt="none">
      {intl.formatMessage(m.orderShipBy, {
        date: intl.formatDate(shipBy, { dateStyle: 'medium' }),
        state: intl.formatMessage(deadlineNames[state]),
      })}
    </Badge>
  );
}

function cell(intl: IntlShape, order: PickingOrder, line: PickingLine, column: PickingListColumn) {
  const title = line.title.trim() || intl.formatMessage(m.untitled);
  switch (column) {
    case 'photo':
      return (
        <LinePhoto
          src={line.photo?.small ?? null}
          size={44}
          alt={intl.formatMessage(m.linePhotoAlt, { title })}
        />
      );
    case 'title':
      return (
        <Anchor
          fz="sm"
          fw={600}
          renderRoot={(props) => (
            <Link to="/app/inventory/$itemId" params={{ itemId: line.itemId }} {...props} />
          )}
        >
          {title}
        </Anchor>
      );
    case 'sku':
      return line.sku ? (
        <Text fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {line.sku}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed" fs="italic">
          {intl.formatMessage(m.lineNoSku)}
        </Text>
      );
    case 'location':
      return line.location ? (
        <Text fz="sm" fw={600}>
          {line.location}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(m.lineNoLocation)}
        </Text>
      );
    case 'quantity':
      return <Text fz="sm">{line.quantity}</Text>;
    case 'marketplace':
      return <Text fz="sm">{channelName(intl, order.marketplace)}</Text>;
    case 'orderId':
      return <Text fz="sm">{order.externalOrderId}</Text>;
    case 'shipBy':
      return (
        <Text fz="sm">
          {order.shipBy
            ? intl.formatDate(order.shipBy, { dateStyle: 'medium' })
            : intl.formatMessage(m.orderShipByNotGiven)}
        </Text>
      );
    case 'soldAt':
      return <Text fz="sm">{intl.formatDate(order.soldAt, { dateStyle: 'medium' })}</Text>;
  }
}

/** Whether the line is checked, in words and an icon (colour is never the only sign). */
export function LineStatus({ line }: { line: PickingLine }) {
  const intl = useIntl();
  const done = isLineVerified(line);
  const Icon = done ? IconCircleCheck : IconCircleDashed;
  return (
    <Group gap={4} wrap="nowrap">
      <Icon
        size={16}
        color={done ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-dimmed)'}
        aria-hidden
      />
      <Text fz="sm" c={done ? 'green.8' : 'dimmed'}>
        {done
          ? intl.formatMessage(m.lineChecked)
          : line.quantity > 1
            ? intl.formatMessage(m.lineUnits, {
                checked: line.verifiedUnits,
                quantity: line.quantity,
              })
            : intl.formatMessage(m.lineNotChecked)}
      </Text>
    </Group>
  );
}

/** One order waiting to be packed: its facts, its lines in the chosen columns, its actions. */
export function OrderCard({
  order,
  columns,
  mayPack,
  mayPrint,
  onPack,
  onPrint,
  onRemove,
}: {
  order: PickingOrder;
  columns: readonly PickingListColumn[];
  mayPack: boolean;
  mayPrint: boolean;
  onPack: () => void;
  onPrint: () => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  const progress = orderProgress(order);
  const heading = intl.formatMessage(m.orderHeading, { orderId: order.externalOrderId });

  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      aria-labelledby={headingId}
      style={{ listStyle: 'none' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={6}>
            <Title order={2} fz="lg" id={headingId}>
              {heading}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" color="blue" size="md" tt="none">
                {channelName(intl, order.marketplace)}
              </Badge>
              <DeadlineBadge shipBy={order.shipBy} />
              <Text fz="sm" c="dimmed">
                {intl.formatMessage(m.orderSold, {
                  date: intl.formatDate(order.soldAt, { dateStyle: 'medium' }),
                })}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Text fz="sm" c={order.verified ? 'green.8' : 'dimmed'}>
              {order.verified
                ? intl.formatMessage(m.orderReady)
                : intl.formatMessage(m.orderProgress, progress)}
            </Text>
            {mayPack && (
              <Button size="sm" leftSection={<IconPackageExport size={16} />} onClick={onPack}>
                {intl.formatMessage(m.orderPack)}
              </Button>
            )}
            {(mayPack || mayPrint) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={intl.formatMessage(m.orderMore, { orderId: order.externalOrderId })}
                  >
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {mayPrint && (
                    <Menu.Item leftSection={<IconPrinter size={16} />} onClick={onPrint}>
                      {intl.formatMessage(m.orderPrint)}
                    </Menu.Item>
                  )}
                  {mayPack && (
                    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onRemove}>
                      {intl.formatMessage(m.orderRemove)}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={520}>
          <Table
            verticalSpacing="xs"
            aria-label={intl.formatMessage(m.linesLabel, { orderId: order.externalOrderId })}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column} fz="xs">
                    {intl.formatMessage(columnNames[column])}
                  </Table.Th>
                ))}
                <Table.Th fz="xs">{intl.formatMessage(m.columnStatus)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((line) => (
                <Table.Tr key={line.lineId}>
                  {columns.map((column) => (
                    <Table.Td key={column}>{cell(intl, order, line, column)}</Table.Td>
                  ))}
                  <Table.Td>
                    <LineStatus line={line} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
