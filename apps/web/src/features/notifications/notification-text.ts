export { relativeTime } from '../../lib/relative-time';
import { MARKETPLACE_NAMES, type Notification } from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { saleWhere } from '../../lib/sales/sale-channel';
import { formatMoney } from '../../lib/money/money-format';
import { bulkActionNames, notificationMessages as m } from './notifications.messages';

/** What a notification says, worded in the seller's language, and where it leads. */
export interface NotificationText {
  headline: string;
  detail: string;
  /** A short extra fact shown beside the headline (units sold). */
  badge: string | null;
  /** The item's page, or the inventory for a bulk action. */
  link: { to: '/app/inventory/$itemId'; params: { itemId: string } } | { to: '/app/inventory' };
}

/**
 * Words a notification from its kind and parameters (the server stores no text). Titles and
 * reasons are the seller's and the marketplace's own words, shown as they are. Amounts are in
 * the sale's currency, the account's when it names none.
 */
export function notificationText(
  intl: IntlShape,
  notification: Notification,
  accountCurrency: string,
): NotificationText {
  switch (notification.kind) {
    case 'sale': {
      const { params } = notification;
      const title = params.itemTitle || intl.formatMessage(m.untitled);
      const amount =
        params.price === null
          ? null
          : formatMoney(params.price, params.currency, { locale: intl.locale, accountCurrency });
      return {
        headline: intl.formatMessage(m.saleHeadline, saleWhere(params.marketplace)),
        detail: amount ? intl.formatMessage(m.saleDetail, { title, price: amount }) : title,
        badge:
          params.quantity > 1
            ? intl.formatMessage(m.saleQuantity, { count: params.quantity })
            : null,
        link: { to: '/app/inventory/$itemId', params: { itemId: params.itemId } },
      };
    }
    case 'double_sale': {
      const { params } = notification;
      const title = params.itemTitle || intl.formatMessage(m.untitled);
      return {
        headline: intl.formatMessage(m.doubleSaleHeadline, saleWhere(params.marketplace)),
        detail: params.soldOn
          ? intl.formatMessage(m.doubleSaleDetail, {
              title,
              soldWhere: saleWhere(params.soldOn).where,
              soldOn: saleWhere(params.soldOn).marketplace,
            })
          : intl.formatMessage(m.doubleSaleDetailUnknown, { title }),
        badge: null,
        link: { to: '/app/inventory/$itemId', params: { itemId: params.itemId } },
      };
    }
    case 'delist_failed': {
      const { params } = notification;
      const title = params.itemTitle || intl.formatMessage(m.untitled);
      return {
        headline: intl.formatMessage(m.delistFailedHeadline, {
          marketplace: MARKETPLACE_NAMES[params.marketplace],
        }),
        detail: intl.formatMessage(m.delistFailedDetail, { title, reason: params.reason }),
        badge: null,
        link: { to: '/app/inventory/$itemId', params: { itemId: params.itemId } },
      };
    }
    case 'bulk_finished': {
      const { params } = notification;
      const action = intl.formatMessage(bulkActionNames[params.bulkAction]);
      // Numbers, not formatted text: the words around them agree with them ("1 non riuscito").
      const done = intl.formatMessage(m.bulkFinishedDetail, {
        done: params.succeeded,
        count: params.total,
      });
      return {
        headline: intl.formatMessage(
          params.cancelled ? m.bulkCancelledHeadline : m.bulkFinishedHeadline,
          { action },
        ),
        detail:
          params.failed > 0
            ? intl.formatList([
                done,
                intl.formatMessage(m.bulkFinishedFailures, { failed: params.failed }),
              ])
            : done,
        badge: null,
        link: { to: '/app/inventory' },
      };
    }
  }
}
