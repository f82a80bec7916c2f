import { defineMessages } from '../../i18n/define-messages';

/** Where a sale happened when it was on no marketplace. */
export const saleChannelMessages = defineMessages({
  inPerson: { id: 'sale.channel.inPerson' },
});
