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
    expect(message.text).toBe('Sold on eBay: Dr. Martens 1460 &lt;cherry&gt; &amp; red for $95.00');
    const blocks = JSON.stringify(message.blocks);
    expect(blocks).toContain('Dr. Martens 1460 &lt;cherry&gt; &amp; red');
    expect(blocks).toContain('*Price*\\n$95.00');
    expect(blocks).toContain('*Marketplace*\\neBay');
    expect(blocks).toContain(`<${ITEM_URL}|Open the item in ListLoop>`);
    expect(blocks).not.toContain('Quantity');
  });

  it('say a sale the seller made in person is in person, in the text and the field', () => {
    const message = renderSlack(
      content({
        kind: 'sale',
        params: {
          itemId: 'item0000000000000000001',
          itemTitle: 'Wool scarf',
          marketplace: 'in_person',
          price: 24.99,
          currency: 'USD',
        },
      }),
      { itemUrl: ITEM_URL, locale: 'it' },
    );
    expect(message.text).toBe('Venduto di persona: Wool scarf a 24,99\u00a0USD');
    const blocks = JSON.stringify(message.blocks);
    expect(blocks).toContain('*Venduto di persona*');
    expect(blocks).toContain('\\nDi persona');
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
    // No price, no "for …" in the headline; the Price field says it was not given.
    expect(message.text).toBe('Sold on Etsy: Mug');
    expect(JSON.stringify(message.blocks)).toContain('*Price*\\nnot given');
    expect(JSON.stringify(message.blocks)).toContain('*Quantity*\\n2');
  });

  it('are worded in the locale they are given, with the price formatted for it', () => {
    const sold = content({
      kind: 'sale',
      params: {
        itemId: 'item0000000000000000001',
        itemTitle: 'Chaqueta <vaquera> & cinturón',
        marketplace: 'vinted',
        price: 45,
        currency: 'EUR',
        quantity: 3,
      },
    });
    const es = renderSlack(sold, { itemUrl: ITEM_URL, locale: 'es' });
    expect(es.text).toMatch(
      /^Vendido en Vinted: Chaqueta &lt;vaquera&gt; &amp; cinturón por 45,00\s€$/,
    );
    const esBlocks = JSON.stringify(es.blocks);
    expect(esBlocks).toContain(':tada: *Vendido en Vinted*');
    expect(esBlocks).toContain('Chaqueta &lt;vaquera&gt; &amp; cinturón');
    expect(esBlocks).toContain('*Cantidad*\\n3');
    expect(esBlocks).toContain(`<${ITEM_URL}|Abrir el artículo en ListLoop>`);

    const doubled = content({
      kind: 'double_sale',
      params: {
        itemId: 'item0000000000000000001',
        itemTitle: '',
        marketplace: 'depop',
        soldOn: 'ebay',
        price: null,
        currency: null,
      },
    });
    const it_ = renderSlack(doubled, { itemUrl: ITEM_URL, locale: 'it' });
    expect(it_.text).toBe('Venduto due volte: Articolo senza titolo su Depop');
    const itBlocks = JSON.stringify(it_.blocks);
    expect(itBlocks).toContain(
      ':warning: *Venduto due volte* su Depop quando era già stato venduto su eBay: annulla uno degli ordini.',
    );
    expect(itBlocks).toContain('*Prezzo*\\nnon indicato');
    expect(itBlocks).toContain(`<${ITEM_URL}|Apri l’articolo in ListLoop>`);

    const gb = renderSlack(doubled, { itemUrl: ITEM_URL, locale: 'en-GB' });
    expect(gb.text).toBe('Sold twice: Untitled item on Depop');
  });

  it('cannot ping the channel or make a link from a title, in the notification text either', () => {
    const message = renderSlack(
      content({
        kind: 'sale',
        params: {
          itemId: 'item0000000000000000001',
          itemTitle: '<!channel> <https://evil.example|free> tee',
          marketplace: 'ebay',
          price: 5,
          currency: 'USD',
        },
      }),
      { itemUrl: ITEM_URL },
    );
    expect(message.text).toBe(
      'Sold on eBay: &lt;!channel&gt; &lt;https://evil.example|free&gt; tee for $5.00',
    );
    expect(JSON.stringify(message)).not.toContain('<!channel>');
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
