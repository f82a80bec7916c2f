import { describe, expect, it } from 'vitest';
import { NotificationContentSchema } from '@listloop/domain';
import { escapeSlack, isPostedToSlack, renderSlack, type SlackContent } from './notification.slack';

const ITEM_URL = 'https://listloop.example/app/inventory/item0000000000000000001';

function content(input: unknown): SlackContent {
  const parsed = NotificationContentSchema.parse(input);
  if (!isPostedToSlack(parsed)) throw new Error('not posted to Slack');
  return parsed;
}

describe('Slack sale alerts', () => {
  it('carry the item’s title, the price and the marketplace, as text and as blocks', () => {
    const message = renderSlack(
      content({
        kind: 'sale',
        params: {
          itemId: 'item0000000000000000001',
          itemTitle: 'Dr. Martens 1460 <cherry> & red',
          marketplace: 'ebay',
          price: 95,
          currency: 'USD',
        },
      }),
      { itemUrl: ITEM_URL },
    );
    expect(message.text).toBe('Sold on eBay: Dr. Martens 1460 <cherry> & red for $95.00');
    const blocks = JSON.stringify(message.blocks);
    expect(blocks).toContain('Dr. Martens 1460 &lt;cherry&gt; &amp; red');
    expect(blocks).toContain('*Price*\\n$95.00');
    expect(blocks).toContain('*Marketplace*\\neBay');
    expect(blocks).toContain(`<${ITEM_URL}|Open the item in ListLoop>`);
    expect(blocks).not.toContain('Quantity');
  });

  it('warn of a double sale and say where it had sold', () => {
    const message = renderSlack(
      content({
        kind: 'double_sale',
        params: {
          itemId: 'item0000000000000000001',
          itemTitle: 'Pentax K1000',
          marketplace: 'depop',
          soldOn: 'poshmark',
          price: 20,
          currency: 'GBP',
        },
      }),
      { itemUrl: ITEM_URL },
    );
    expect(message.text).toBe('Sold twice: Pentax K1000 on Depop for £20.00');
    expect(JSON.stringify(message.blocks)).toContain('after it had already sold on Poshmark');
  });

  it('show the quantity of a sale of several, and say when no price was given', () => {
    const message = renderSlack(
      content({
        kind: 'sale',
        params: {
          itemId: 'item0000000000000000001',
          itemTitle: 'Mug',
          marketplace: 'etsy',
          price: null,
          currency: null,
          quantity: 2,
        },
      }),
      { itemUrl: ITEM_URL },
    );
    expect(message.text).toBe('Sold on Etsy: Mug for not given');
    expect(JSON.stringify(message.blocks)).toContain('*Quantity*\\n2');
  });

  it('are only for sales', () => {
    const failed = NotificationContentSchema.parse({
      kind: 'delist_failed',
      params: { itemId: 'i'.repeat(24), itemTitle: 'x', marketplace: 'ebay', reason: 'no' },
    });
    expect(isPostedToSlack(failed)).toBe(false);
    expect(escapeSlack('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
  });
});
