import { MARKETPLACE_NAMES, isInPerson, type SaleChannel } from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { saleChannelMessages as messages } from './sale-channel.messages';

/**
 * Where a sale happened as the sentences about it take it: `where` picks the in-person wording
 * ("Sold in person") or the marketplace's ("Sold on Shopify"), whose name is `marketplace`.
 */
export function saleWhere(channel: SaleChannel): {
  where: 'inPerson' | 'marketplace';
  marketplace: string;
} {
  return isInPerson(channel)
    ? { where: 'inPerson', marketplace: '' }
    : { where: 'marketplace', marketplace: MARKETPLACE_NAMES[channel] };
}

/** Where a sale happened, as a label on its own: the marketplace's name, or "In person". */
export function saleChannelName(intl: IntlShape, channel: SaleChannel): string {
  return isInPerson(channel) ? intl.formatMessage(messages.inPerson) : MARKETPLACE_NAMES[channel];
}
