import {
  DEFAULT_LOCALE,
  isInPerson,
  type Locale,
  type NotificationContent,
} from '@listloop/domain';
import { translator } from '../../i18n/messages';
import { channelValues, formatPrice, soldBeforeValues } from './notification.email';

/** The kinds posted to the account's Slack: its sales, the doubled ones included. */
export const SLACK_KINDS = ['sale', 'double_sale'] as const;
export type SlackContent = Extract<NotificationContent, { kind: (typeof SLACK_KINDS)[number] }>;

export function isPostedToSlack(content: NotificationContent): content is SlackContent {
  return (SLACK_KINDS as readonly string[]).includes(content.kind);
}

/**
 * A Slack incoming-webhook message: `text` for notifications and old clients, `blocks` shown.
 * Both are mrkdwn, so the values in both are escaped.
 */
export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
}

/** Slack's mrkdwn gives &, < and > a meaning; a title must show them as they are. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The Slack message of a sale in `locale` (en-US when none is given): the item's title, the
 * price and the marketplace, and a link to the item. A channel is shared by a team and the
 * account has no language of its own, so the caller picks one (NotificationService uses the
 * locale of the user the notification is for, chosen as for their e-mail).
 */
export function renderSlack(
  content: SlackContent,
  options: { itemUrl: string; locale?: Locale },
): SlackMessage {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const { params } = content;
  const title = params.itemTitle.replace(/\s+/g, ' ') || t('slack.untitledItem');
  const channel = channelValues(params.marketplace);
  const where = { where: channel.where, marketplace: escapeSlack(channel.marketplace) };
  const marketplace = isInPerson(params.marketplace) ? t('slack.inPerson') : channel.marketplace;
  const price = formatPrice(params.price, params.currency, locale);
  const soldBefore = soldBeforeValues(
    content.kind === 'double_sale' ? content.params.soldOn : null,
  );
  const doubled = content.kind === 'double_sale';
  // Every text Slack shows, `text` included (its notifications parse it too), carries the
  // values escaped: a title like "<!channel>" must not ping the channel.
  const headline = t(doubled ? 'slack.doubleSale.text' : 'slack.sale.text', {
    title: escapeSlack(title),
    ...where,
    priced: price === null ? 'no' : 'yes',
    price: escapeSlack(price ?? ''),
  });
  const lead = doubled
    ? `:warning: ${t('slack.doubleSale.lead', {
        ...where,
        soldBefore: soldBefore.soldBefore,
        soldOn: escapeSlack(soldBefore.soldOn),
      })}`
    : `:tada: ${t('slack.sale.lead', where)}`;
  const quantity =
    content.kind === 'sale' && content.params.quantity > 1 ? content.params.quantity : null;
  const field = (label: string, value: string) => ({
    type: 'mrkdwn',
    text: `*${escapeSlack(label)}*\n${escapeSlack(value)}`,
  });
  return {
    text: headline,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `${lead}\n*${escapeSlack(title)}*` } },
      {
        type: 'section',
        fields: [
          field(t('slack.field.price'), price ?? t('slack.priceNotGiven')),
          field(t('slack.field.marketplace'), marketplace),
          ...(quantity ? [field(t('slack.field.quantity'), String(quantity))] : []),
        ],
      },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `<${options.itemUrl}|${escapeSlack(t('notification.openItem'))}>`,
          },
        ],
      },
    ],
  };
}
