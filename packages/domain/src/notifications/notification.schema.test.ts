import { describe, expect, it } from 'vitest';
import {
  isSlackWebhookUrl,
  NotificationListQuerySchema,
  NotificationSchema,
  NotifyInputSchema,
} from './notification.schema';

const target = { accountId: 'a'.repeat(24), userId: 'u'.repeat(24), key: 'event-1' };

describe('what notify accepts', () => {
  it('folds a title onto one line and cuts it and a reason to fit', () => {
    const parsed = NotifyInputSchema.parse({
      ...target,
      kind: 'delist_failed',
      params: {
        itemId: 'i'.repeat(24),
        itemTitle: `  Wool\n overshirt ${'x'.repeat(600)}`,
        marketplace: 'ebay',
        reason: 'r'.repeat(3000),
      },
    });
    if (parsed.kind !== 'delist_failed') throw new Error('kind');
    expect(parsed.params.itemTitle.startsWith('Wool overshirt x')).toBe(true);
    expect(parsed.params.itemTitle).toHaveLength(500);
    expect(parsed.params.reason).toHaveLength(1000);
    expect(parsed.params.saleEventId).toBeNull();
    // What was stored is a valid notification as the web app receives it.
    expect(
      NotificationSchema.safeParse({
        id: 'n'.repeat(24),
        createdAt: new Date(0).toISOString(),
        readAt: null,
        kind: parsed.kind,
        params: parsed.params,
      }).success,
    ).toBe(true);
  });

  it.each([
    ['an unknown kind', { kind: 'refund', params: {} }],
    [
      'a marketplace that does not exist',
      {
        kind: 'sale',
        params: {
          itemId: 'i'.repeat(24),
          itemTitle: 'x',
          marketplace: 'nowhere',
          price: 1,
          currency: 'USD',
        },
      },
    ],
    [
      'a currency that is not an ISO code',
      {
        kind: 'sale',
        params: {
          itemId: 'i'.repeat(24),
          itemTitle: 'x',
          marketplace: 'ebay',
          price: 1,
          currency: '$',
        },
      },
    ],
    [
      'a bulk action the spec does not name',
      {
        kind: 'bulk_finished',
        params: {
          bulkActionId: 'b'.repeat(24),
          bulkAction: 'bulkExplode',
          total: 1,
          succeeded: 1,
          failed: 0,
        },
      },
    ],
  ])('refuses %s', (_label, content) => {
    expect(NotifyInputSchema.safeParse({ ...target, ...content }).success).toBe(false);
  });
});

describe('Slack incoming-webhook URLs', () => {
  it.each([
    'https://hooks.slack.com/services/T0123ABCD/B0123ABCD/abcdefABCDEF123456',
    'https://hooks.slack.com/workflows/T0123/A0123/123/abc',
    'https://hooks.slack.com/triggers/T0123/123/abc',
  ])('accepts %s', (url) => expect(isSlackWebhookUrl(url)).toBe(true));

  it.each([
    'http://hooks.slack.com/services/T0/B0/x',
    'https://hooks.slack.com.evil.example/services/T0/B0/x',
    'https://evil.example/hooks.slack.com/services/T0/B0/x',
    'https://user:pass@hooks.slack.com/services/T0/B0/x',
    'https://hooks.slack.com:8443/services/T0/B0/x',
    'https://hooks.slack.com/api/chat.postMessage',
    'https://hooks.slack.com/services/T0/B0/x?redirect=https://evil.example',
    'https://hooks.slack.com/services/../../x',
    '',
  ])('refuses %j', (url) => expect(isSlackWebhookUrl(url)).toBe(false));
});

describe('the list’s cursor', () => {
  it('is a position the server gave, nothing else', () => {
    expect(NotificationListQuerySchema.parse({ cursor: '42' })).toEqual({
      cursor: '42',
      limit: 20,
    });
    for (const cursor of ['0', '-1', '1e3', 'abc', '1'.repeat(19)]) {
      expect(NotificationListQuerySchema.safeParse({ cursor }).success, cursor).toBe(false);
    }
  });
});
