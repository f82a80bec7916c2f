import {
  MARKETPLACE_NAMES,
  isMarketplaceId,
  type ItemStatus,
  type ListingStatus,
} from '@listloop/domain';
import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';
import { IconCircleCheck, IconProgress } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { itemStatusMessages, listingStatusMessages } from '../../lib/inventory/item.messages';

export const LISTING_STATUS_COLORS: Record<ListingStatus, MantineColor> = {
  not_listed: 'gray',
  queued: 'yellow',
  listed: 'teal',
  list_failure: 'red',
  delisted: 'gray',
  delist_failure: 'red',
  sold: 'violet',
};

/** Proper nouns are not translated; an unknown key (a flag-only marketplace) shows as is. */
export function marketplaceName(id: string): string {
  return isMarketplaceId(id) ? MARKETPLACE_NAMES[id] : id;
}

export function ListingStatusBadge({
  marketplace,
  status,
  ...props
}: { marketplace?: string; status: ListingStatus } & BadgeProps) {
  const intl = useIntl();
  const statusText = intl.formatMessage(listingStatusMessages[status]);
  return (
    <Badge
      variant="light"
      color={LISTING_STATUS_COLORS[status]}
      radius="sm"
      tt="none"
      fw={600}
      {...props}
    >
      {marketplace ? `${marketplaceName(marketplace)} · ${statusText}` : statusText}
    </Badge>
  );
}

export function ItemStatusBadge({ status, ...props }: { status: ItemStatus } & BadgeProps) {
  const intl = useIntl();
  const complete = status === 'complete';
  return (
    <Badge
      variant="light"
      color={complete ? 'teal' : 'orange'}
      radius="sm"
      tt="none"
      fw={600}
      leftSection={complete ? <IconCircleCheck size={12} /> : <IconProgress size={12} />}
      {...props}
    >
      {intl.formatMessage(itemStatusMessages[status])}
    </Badge>
  );
}
