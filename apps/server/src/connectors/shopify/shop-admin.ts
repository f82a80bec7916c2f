import type { AccountConfig } from '@listloop/domain';
import type {
  ConnectorMetafieldPage,
  ConnectorMetafieldSearch,
  ConnectorWebhookTopic,
} from '../contract';
import { assertNoUserErrors, type ShopifySession, type ShopifyUserError } from './client';
import {
  METAFIELD_DEFINITIONS,
  WEBHOOK_SUBSCRIPTION_CREATE,
  WEBHOOK_SUBSCRIPTIONS,
} from './documents';

/*
 * What the connector does for the seller's shop besides listing: reads its metafield
 * definitions (for the metafield mapper) and subscribes it to ListLoop's webhooks.
 */

export type ShopifyWebhookTopic = ConnectorWebhookTopic;

/** The topics to subscribe to for an account (spec §3 config.shopify.webhooksAvailable). */
export function shopifyWebhookTopics(
  config: Partial<AccountConfig> | null | undefined,
): ShopifyWebhookTopic[] {
  const topics = config?.shopify?.webhooksAvailable;
  return topics && topics.length > 0 ? [...new Set(topics)] : ['ORDERS_CREATE'];
}

/** Where Shopify delivers ListLoop's webhooks: `<public url>/webhook/shopify` (spec §2 hosting). */
export function shopifyWebhookUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/webhook/shopify`;
}

/** The shop's metafield definitions, a page at a time. */
export async function metafieldDefinitions(
  session: ShopifySession,
  search: ConnectorMetafieldSearch = {},
): Promise<ConnectorMetafieldPage> {
  const data = await session.graphql<{
    metafieldDefinitions: {
      nodes: {
        id: string;
        name: string;
        namespace: string;
        key: string;
        description: string | null;
        type: { name: string };
        ownerType: string;
      }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
  }>(METAFIELD_DEFINITIONS, {
    ownerType: search.ownerType ?? 'PRODUCT',
    first: Math.min(Math.max(search.first ?? 50, 1), 250),
    after: search.after ?? null,
    query: search.query?.trim() || null,
  });
  return {
    definitions: data.metafieldDefinitions.nodes.map((d) => ({ ...d, type: d.type.name })),
    hasNextPage: data.metafieldDefinitions.pageInfo.hasNextPage,
    endCursor: data.metafieldDefinitions.pageInfo.endCursor,
  };
}

/** Subscribes the shop to `topics` at `callbackUrl`; topics already subscribed there are left. */
export async function registerWebhooks(
  session: ShopifySession,
  input: { callbackUrl: string; topics: readonly ShopifyWebhookTopic[] },
): Promise<{ created: ShopifyWebhookTopic[]; existing: ShopifyWebhookTopic[] }> {
  const topics = [...new Set(input.topics)];
  const data = await session.graphql<{
    webhookSubscriptions: { nodes: { topic: string; endpoint: { callbackUrl?: string } }[] };
  }>(WEBHOOK_SUBSCRIPTIONS, { topics, callbackUrl: input.callbackUrl });
  const existing = topics.filter((topic) =>
    data.webhookSubscriptions.nodes.some(
      (s) => s.topic === topic && s.endpoint.callbackUrl === input.callbackUrl,
    ),
  );
  const created: ShopifyWebhookTopic[] = [];
  for (const topic of topics) {
    if (existing.includes(topic)) continue;
    const answer = await session.graphql<{
      webhookSubscriptionCreate: { userErrors: ShopifyUserError[] } | null;
    }>(WEBHOOK_SUBSCRIPTION_CREATE, {
      topic,
      webhookSubscription: { callbackUrl: input.callbackUrl, format: 'JSON' },
    });
    const errors = answer.webhookSubscriptionCreate?.userErrors ?? [];
    // Subscribed meanwhile (another registration): it is there, which is what was asked.
    if (errors.length > 0 && errors.every((e) => /already been taken/i.test(e.message))) {
      existing.push(topic);
      continue;
    }
    assertNoUserErrors(errors, `subscribe to ${topic}`);
    created.push(topic);
  }
  return { created, existing };
}
