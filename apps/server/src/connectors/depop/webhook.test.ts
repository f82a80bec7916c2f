import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ConnectorError } from '../contract';
import { DepopWebhookSignatureError, signDepopWebhook, verifyDepopWebhook } from './webhook';

const SECRET = 'whsec_unit-test-secret';
const NOW = Date.UTC(2026, 10, 1, 12, 0, 0);
const check = { secret: SECRET, now: NOW, toleranceSeconds: 300 };

function signed(body: string, secret = SECRET) {
  const timestamp = String(Math.floor(NOW / 1000));
  return {
    'x-depop-timestamp': timestamp,
    'x-depop-signature': signDepopWebhook(secret, timestamp, body),
  };
}

describe('verifyDepopWebhook', () => {
  // Made before each test: mocks are restored after every test (vitest.config.ts).
  let parse: MockInstance<typeof JSON.parse>;
  beforeEach(() => {
    parse = vi.spyOn(JSON, 'parse');
  });

  it('refuses a forged body on its signature without parsing it', async () => {
    for (const body of ['[[[[[[[[]]]]]]]]', 'not json', '{"id": 1}']) {
      const error = await verifyDepopWebhook(
        signed(body, 'whsec_forger'),
        Buffer.from(body),
        check,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DepopWebhookSignatureError);
      expect((error as Error).message).toMatch(/signature \(X-Depop-Signature\) does not match/);
    }
    const unsigned = await verifyDepopWebhook({}, Buffer.from('[[[[]]]]'), check).catch(
      (e: unknown) => e,
    );
    expect((unsigned as Error).message).toMatch(/lacks X-Depop-Signature and X-Depop-Timestamp/);
    expect(parse).not.toHaveBeenCalled();
  });

  it('signs and checks the bytes as sent, and parses a verified body once', async () => {
    const body = '{"id":"wh-1","event_type":"v1:product.like","data":{"note":"café"}}';
    const bytes = Buffer.from(body, 'utf8');
    expect(signDepopWebhook(SECRET, '1', bytes)).toBe(signDepopWebhook(SECRET, '1', body));
    const payload = await verifyDepopWebhook(signed(body), bytes, check);
    expect(payload).toMatchObject({ id: 'wh-1', data: { note: 'café' } });
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('refuses a verified body that is not a JSON object as the request’s fault, not a forgery', async () => {
    for (const body of ['[1, 2]', '"text"', 'not json']) {
      const error = await verifyDepopWebhook(signed(body), Buffer.from(body), check).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConnectorError);
      expect(error).not.toBeInstanceOf(DepopWebhookSignatureError);
    }
  });
});
