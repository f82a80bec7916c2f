import { MARKETPLACE_NAMES, type NotificationContent } from '@listloop/domain';
import { formatPrice } from './notification.email';

/** The kinds posted to the account's Slack: its sales, the doubled ones included. */
export const SLACK_KINDS = ['sale', 'double_sale'] as const;
export type SlackContent = Extract<NotificationContent, { kind: (typeof SLACK_KINDS)[number] }>;

export function isPostedToSlack(content: NotificationContent): content is SlackContent {
  return (SLACK_KINDS as readonly string[]).includes(content.kind);
}

/** A Slack incoming-webhook message: `text` for notifications and old clients, `blocks` shown. */
export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
}

/** Slack's mrkdwn gives &, < and > a meaning; a title must show them as they are. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The Slack message of a sale, in English (a channel is shared by a team; the account has no
 * one language): the item's title, the price and the marketplace, and a link to the item.
 */
export function renderSlack(content: SlackContent, options: { itemUrl: string }): SlackMessage {
  const { params } = content;
  const title = params.itemTitle.replace(/\s+/g, ' ') || 'Untitled item';
  const marketplace = MARKETPLACE_NAMES[params.marketplace];
  const price = formatPrice(params.price, params.currency, 'en-US') ?? 'not given';
  const doubled = content.kind === 'double_sale';
  const soldOn =
    content.kind === 'double_sale' && content.params.soldOn
      ? MARKETPLACE_NAMES[content.params.soldOn]
      : null;
  const headline = doubled
    ? `Sold twice: ${title} on ${marketplace} for ${price}`
    : `Sold on ${marketplace}: ${title} for ${price}`;
  const lead = doubled
    ? `:warning: *Sold twice* on ${escapeSlack(marketplace)}` +
      (soldOn ? ` after it had already sold on ${escapeSlack(soldOn)}` : '') +
      ': cancel one of the orders.'
    : `:tada: *Sold on ${escapeSlack(marketplace)}*`;
  const quantity =
    content.kind === 'sale' && content.params.quantity > 1 ? content.params.quantity : null;
  return {
    text: headline,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `${lead}\n*${escapeSlack(title)}*` } },
      {
        type: 'section',
        fields: [
          { type: 'mrkdwn', text: `*Price*\n${escapeSlack(price)}` },
          { type: 'mrkdwn', text: `*Marketplace*\n${escapeSlack(marketplace)}` },
          ...(quantity ? [{ type: 'mrkdwn', text: `*Quantity*\n${quantity}` }] : []),
        ],
      },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `<${options.itemUrl}|Open the item in ListLoop>` }],
      },
    ],
  };
}
