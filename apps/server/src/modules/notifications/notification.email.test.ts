import { describe, expect, it } from 'vitest';
import { NotificationContentSchema, type NotificationContent } from '@listloop/domain';
import { formatPrice, isEmailed, renderEmail, type EmailedContent } from './notification.email';

const ITEM_URL = 'https://listloop.example/app/inventory/item0000000000000000001';

function content(input: unknown): EmailedContent {
  const parsed: NotificationContent = NotificationContentSchema.parse(input);
  if (!isEmailed(parsed)) throw new Error('not an e-mailed kind');
  return parsed;
}

const sale = content({
  kind: 'sale',
  params: {
    itemId: 'item0000000000000000001',
    itemTitle: 'Levi’s 501 <Vintage> & worn',
    marketplace: 'ebay',
    price: 1234.5,
    currency: 'USD',
  },
});

describe('notification e-mails', () => {
  it('words a sale in American English with the price, the marketplace and the item link', () => {
    const email = renderEmail(sale, { locale: 'en-US', itemUrl: ITEM_URL });
    expect(email.subject).toBe('Sold on eBay: Levi’s 501 <Vintage> & worn');
    expect(email.text).toContain('“Levi’s 501 <Vintage> & worn” sold on eBay for $1,234.50.');
    expect(email.text).toContain(`Open the item in ListLoop: ${ITEM_URL}`);
    expect(email.text).toContain('sale e-mails are on');
    expect(email.language).toBe('en-US');
  });

  it('words a sale the seller made in person without naming a marketplace, in each language', () => {
    const inPerson = content({
      kind: 'sale',
      params: { ...sale.params, marketplace: 'in_person', price: 24.99, currency: 'EUR' },
    });
    const en = renderEmail(inPerson, { locale: 'en-GB', itemUrl: ITEM_URL });
    expect(en.subject).toBe('Sold in person: Levi’s 501 <Vintage> & worn');
    expect(en.text).toContain('sold in person for €24.99.');
    expect(renderEmail(inPerson, { locale: 'es', itemUrl: ITEM_URL }).subject).toBe(
      'Vendido en persona: Levi’s 501 <Vintage> & worn',
    );
    expect(renderEmail(inPerson, { locale: 'it', itemUrl: ITEM_URL }).subject).toBe(
      'Venduto di persona: Levi’s 501 <Vintage> & worn',
    );
    const double = content({
      kind: 'double_sale',
      params: { ...sale.params, marketplace: 'ebay', soldOn: 'in_person' },
    });
    expect(renderEmail(double, { locale: 'en-US', itemUrl: ITEM_URL }).text).toContain(
      'sold on eBay for $1,234.50 after it had already sold in person.',
    );
  });

  it('escapes the title in the HTML part', () => {
    const email = renderEmail(sale, { locale: 'en-US', itemUrl: ITEM_URL });
    expect(email.html).toContain('&lt;Vintage&gt; &amp; worn');
    expect(email.html).not.toContain('<Vintage>');
    expect(email.html).toContain(`<a href="${ITEM_URL}">`);
  });

  it('formats the price for the seller’s country and words the e-mail in their language', () => {
    const euros = content({
      kind: 'sale',
      params: { ...sale.params, marketplace: 'vinted', price: 45, currency: 'EUR' },
    });
    const es = renderEmail(euros, { locale: 'es', itemUrl: ITEM_URL });
    expect(es.subject).toBe('Vendido en Vinted: Levi’s 501 <Vintage> & worn');
    expect(es.text).toMatch(/se ha vendido en Vinted por 45,00\s€\./);
    const it_ = renderEmail(euros, { locale: 'it', itemUrl: ITEM_URL });
    expect(it_.subject).toBe('Venduto su Vinted: Levi’s 501 <Vintage> & worn');
    expect(it_.text).toMatch(/è stato venduto su Vinted a 45,00\s€\./);
    const gb = renderEmail(
      content({ kind: 'sale', params: { ...sale.params, price: 20, currency: 'GBP' } }),
      { locale: 'en-GB', itemUrl: ITEM_URL },
    );
    expect(gb.text).toContain('for £20.00.');
  });

  it('words every part of a Spanish e-mail from the catalogue: body, link and footer', () => {
    const email = renderEmail(sale, { locale: 'es', itemUrl: ITEM_URL });
    expect(email.language).toBe('es');
    expect(email.text).toContain('«Levi’s 501 <Vintage> & worn» se ha vendido en eBay por');
    expect(email.text).toContain('el artículo muestra dónde sigue publicado.');
    expect(email.text).toContain(`Abrir el artículo en ListLoop: ${ITEM_URL}`);
    expect(email.text).toContain(
      'Recibes este correo porque los correos de ventas están activados.',
    );
    expect(email.html).toContain('<html lang="es">');
    expect(email.html).toContain('«Levi’s 501 &lt;Vintage&gt; &amp; worn»');
    expect(email.html).toContain(`>Abrir el artículo en ListLoop</a>`);
  });

  it('tells a British seller about a double sale in British usage', () => {
    const doubled = content({
      kind: 'double_sale',
      params: {
        itemId: 'item0000000000000000001',
        itemTitle: 'Barbour jacket',
        marketplace: 'vinted',
        soldOn: null,
        price: null,
        currency: null,
      },
    });
    const email = renderEmail(doubled, { locale: 'en-GB', itemUrl: ITEM_URL });
    expect(email.language).toBe('en-GB');
    expect(email.subject).toBe('Sold twice: Barbour jacket');
    expect(email.text).toContain('“Barbour jacket” sold on Vinted after it had already sold.');
    expect(email.text).toContain('tell that buyer, before either is dispatched.');
    expect(email.text).toContain('e-mails about problems are on');
    const es = renderEmail(doubled, { locale: 'es', itemUrl: ITEM_URL });
    expect(es.text).toContain(
      '«Barbour jacket» se ha vendido en Vinted cuando ya se había vendido.',
    );
  });

  it('says how many sold when more than one did, and leaves out a price nobody gave', () => {
    const several = content({
      kind: 'sale',
      params: { ...sale.params, quantity: 3, price: null, currency: null },
    });
    const email = renderEmail(several, { locale: 'en-US', itemUrl: ITEM_URL });
    expect(email.text).toContain('3 × “Levi’s 501 <Vintage> & worn” sold on eBay.');
  });

  it('tells the seller what to do about a double sale', () => {
    const doubled = content({
      kind: 'double_sale',
      params: {
        itemId: 'item0000000000000000001',
        itemTitle: 'Pentax K1000',
        marketplace: 'etsy',
        soldOn: 'ebay',
        price: 180,
        currency: 'USD',
      },
    });
    const email = renderEmail(doubled, { locale: 'en-US', itemUrl: ITEM_URL });
    expect(email.subject).toBe('Sold twice: Pentax K1000');
    expect(email.text).toContain('sold on Etsy for $180.00 after it had already sold on eBay.');
    expect(email.text).toContain('cancel one of them');
    expect(email.text).toContain('e-mails about problems are on');
  });

  it('gives the marketplace’s reason when a delist failed', () => {
    const failed = content({
      kind: 'delist_failed',
      params: {
        itemId: 'item0000000000000000001',
        itemTitle: 'Pentax K1000',
        marketplace: 'shopify',
        reason: 'The access token was revoked.',
      },
    });
    const email = renderEmail(failed, { locale: 'it', itemUrl: ITEM_URL });
    expect(email.subject).toBe('Ancora pubblicato su Shopify: Pentax K1000');
    expect(email.text).toContain('Shopify ha risposto: The access token was revoked.');
    expect(email.text).toContain(
      'ListLoop non è riuscito a ritirare «Pentax K1000» da Shopify dopo la vendita.',
    );
    expect(email.text).toContain(`Apri l’articolo in ListLoop: ${ITEM_URL}`);
    expect(email.text).toContain('le e-mail sui problemi sono attive');
  });

  it('keeps the subject on one line whatever the title holds', () => {
    const multiline = content({
      kind: 'sale',
      params: { ...sale.params, itemTitle: 'Wool\r\novershirt\n\tsize L' },
    });
    const email = renderEmail(multiline, { locale: 'en-US', itemUrl: ITEM_URL });
    expect(email.subject).toBe('Sold on eBay: Wool overshirt size L');
  });

  it('does not e-mail finished bulk actions', () => {
    const bulk = NotificationContentSchema.parse({
      kind: 'bulk_finished',
      params: {
        bulkActionId: 'b'.repeat(24),
        bulkAction: 'bulkDelete',
        total: 3,
        succeeded: 3,
        failed: 0,
      },
    });
    expect(isEmailed(bulk)).toBe(false);
  });

  it('formats an amount in a currency Intl does not know with its code', () => {
    expect(formatPrice(12, 'XYZ', 'en-US')).toMatch(/12\.00/);
    expect(formatPrice(null, 'USD', 'en-US')).toBeNull();
  });
});
