import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ShopifyWebhookSignatureError, ShopifyWebhookVerifier } from './webhook';

const SECRET = 'shopify-app-secret';
const body = JSON.stringify({ id: 1, name: '#1001', note: 'Café €12.50' });
const sign = (raw: string | Buffer, secret = SECRET) =>
  crypto.createHmac('sha256', secret).update(raw).digest('base64');
const headersFor = (raw: string | Buffer) => ({
  'x-shopify-hmac-sha256': sign(raw),
  'x-shopify-topic': 'orders/create',
  'x-shopify-shop-domain': 'Vintage-Threads.myshopify.com',
  'x-shopify-api-version': '2025-07',
  'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
  'x-shopify-event-id': 'e1',
});

describe('ShopifyWebhookVerifier', () => {
  const verifier = new ShopifyWebhookVerifier(SECRET);

  it('accepts the raw body Shopify signed, as bytes or text, and reads its headers', async () => {
    for (const raw of [Buffer.from(body, 'utf8'), body]) {
      const { meta, payload } = await verifier.verify(headersFor(body), raw);
      expect(meta).toEqual({
        webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
        eventId: 'e1',
        topic: 'orders/create',
        shopDomain: 'vintage-threads.myshopify.com',
        apiVersion: '2025-07',
      });
      expect(payload).toEqual({ id: 1, name: '#1001', note: 'Café €12.50' });
    }
  });

  it('refuses a body changed by one byte, another app’s signature and a signature padded with junk', async () => {
    const signed = headersFor(body);
    await expect(verifier.verify(signed, body.replace('12.50', '12.51'))).rejects.toThrow(
      /not a genuine Shopify webhook: its signature \(X-Shopify-Hmac-Sha256\) does not match/,
    );
    await expect(
      verifier.verify({ ...signed, 'x-shopify-hmac-sha256': sign(body, 'another') }, body),
    ).rejects.toThrow(ShopifyWebhookSignatureError);
    // Base64 decoding skips what is not base64: the signature must be exactly the one computed.
    await expect(
      verifier.verify({ ...signed, 'x-shopify-hmac-sha256': `${sign(body)}!!` }, body),
    ).rejects.toThrow(ShopifyWebhookSignatureError);
    const { ['x-shopify-hmac-sha256']: _dropped, ...unsigned } = signed;
    await expect(verifier.verify(unsigned, body)).rejects.toThrow(ShopifyWebhookSignatureError);
  });

  it('names the headers a signed delivery lacks, refuses an empty or parsed body, and parses only after verifying', async () => {
    const {
      ['x-shopify-topic']: _topic,
      ['x-shopify-webhook-id']: _id,
      ...partial
    } = headersFor(body);
    await expect(verifier.verify(partial, body)).rejects.toThrow(
      'This is not a genuine Shopify webhook: it lacks X-Shopify-Topic, X-Shopify-Webhook-Id.',
    );
    await expect(verifier.verify(headersFor(''), '')).rejects.toThrow(/its body is empty/);
    await expect(verifier.verify(headersFor(body), JSON.parse(body))).rejects.toThrow(
      /raw body, not a parsed one/,
    );
    await expect(verifier.verify(headersFor('not json'), 'not json')).rejects.toThrow(
      'The Shopify webhook body is not JSON.',
    );
    await expect(verifier.verify(headersFor('[1]'), '[1]')).rejects.toThrow(
      'A Shopify webhook carries a JSON object.',
    );
  });
});
