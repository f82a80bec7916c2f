import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AI_API,
  allPermissions,
  ERROR_MESSAGES,
  type AiCompletionResponse,
  type PermissionKey,
} from '@listloop/domain';
import { DEFAULT_JSON_ANSWER, OpenAiEmulator } from '@listloop/emulators';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { standInAiEnv } from '../../../test/ai-stand-in';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const ITEMS = '/api/account/item';
const COMPLETIONS = AI_API.completions;

async function createItem(client: TestClient, generalDetails: Record<string, unknown>) {
  const created = await client.post(ITEMS, { generalDetails: { quantity: 1, ...generalDetails } });
  expect(created.status, created.text).toBe(201);
  return created.body.item.itemID as string;
}

/** An item of the seller's, sold in person at this price. */
async function soldItem(
  client: TestClient,
  seller: AccountFixture,
  generalDetails: Record<string, unknown>,
  salePrice: number,
) {
  const itemId = await createItem(client, generalDetails);
  const sold = await client.put(`${ITEMS}/${seller.userId}/${itemId}/mark-item-as-sold`, {
    marketplace: 'in_person',
    soldAt: '2026-10-01T12:00:00.000Z',
    salePrice,
  });
  expect(sold.status, sold.text).toBe(200);
  return itemId;
}

interface UsageRow {
  account_id: string;
  user_id: string;
  kind: string;
  provider: string;
  model: string;
  outcome: string;
  error_code: string | null;
  attempts: number;
  prompt_tokens: number;
  completion_tokens: number;
  cost: string;
  currency: string;
}

const usageOf = (server: TestServer, accountId: string) =>
  queryRows<UsageRow>(
    server,
    sql`SELECT * FROM ai_usage WHERE account_id = ${accountId} ORDER BY created_at, id`,
  );

describe('POST /api/gpt/completions with no AI server configured (the offline helper)', () => {
  let server: TestServer;
  let seller: AccountFixture;
  let client: TestClient;
  let jeansId: string;

  beforeAll(async () => {
    server = await startTestServer();
    seller = await createAccount(server);
    client = await signIn(server, seller);
    // The seller's history: four Levi's jeans sold, a coat sold, and an unsold shirt.
    for (const [title, price] of [
      ['Levis 501 jeans W30', 30],
      ['Levis 501 jeans W32', 40],
      ['Levis 505 jeans W34', 50],
      ['Levis 511 slim jeans', 60],
    ] as const) {
      await soldItem(client, seller, { title, brand: "Levi's", category: 'Jeans' }, price);
    }
    await soldItem(client, seller, { title: 'Wool coat', brand: 'COS', category: 'Coats' }, 120);
    await createItem(client, { title: 'Levis western shirt', brand: "Levi's", category: 'Shirts' });
    jeansId = await createItem(client, {
      title: 'levis 501 jeans',
      size: 'W32 L34',
      primaryColor: 'Blue',
      condition: 'new_with_tags',
      description: 'Straight leg, heavy denim.',
    });
  });
  afterAll(() => server.close());

  it('writes a title within the marketplace’s limit, a description, the details and a price from similar sales', async () => {
    const response = await client.post(COMPLETIONS, {
      itemId: jeansId,
      task: 'all',
      marketplace: 'ebay',
    });
    expect(response.status, response.text).toBe(200);
    const answer = response.body as AiCompletionResponse;
    expect(answer).toMatchObject({
      provider: 'offline',
      model: 'listloop-offline-1',
      usage: { promptTokens: 0, completionTokens: 0 },
    });
    expect(answer.suggestions).toEqual({
      // "Jeans" is in the seller's words already.
      title: "Levi's levis 501 jeans Blue Denim Size W32 L34 New with tags",
      description: expect.stringContaining('Straight leg, heavy denim.\n\nDetails:\n'),
      brand: "Levi's",
      category: 'Jeans',
      condition: 'new_with_tags',
      colour: 'Blue',
      // The middle half of the four Levi's jeans (brand and category alike), not the coat.
      price: { min: 30, max: 50, currency: 'USD', basedOnSales: 4 },
    });
    expect([...answer.suggestions.title!].length).toBeLessThanOrEqual(80);
    expect(answer.text).toContain('from 4 of your sales of similar items');
    // The same facts give the same answer.
    const again = await client.post(COMPLETIONS, {
      itemId: jeansId,
      task: 'all',
      marketplace: 'ebay',
    });
    expect(again.body).toEqual(answer);
    // Every call is recorded, the offline ones at no cost.
    const rows = await usageOf(server, seller.accountId);
    expect(rows.at(-1)).toMatchObject({
      user_id: seller.userId,
      kind: 'completion',
      provider: 'offline',
      model: 'listloop-offline-1',
      outcome: 'ok',
      attempts: 1,
      prompt_tokens: 0,
      completion_tokens: 0,
      currency: 'USD',
    });
    expect(Number(rows.at(-1)!.cost)).toBe(0);
  });

  it('writes from what is typed in the editor, over the saved item, and changes nothing saved', async () => {
    const response = await client.post(COMPLETIONS, {
      itemId: jeansId,
      task: 'title',
      item: { title: 'Vintage 501 jeans', brand: 'Levi’s', condition: null },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.suggestions).toEqual({
      title: 'Levi’s Vintage 501 jeans Blue Denim Size W32 L34',
    });
    expect(response.body.text).toBe('Levi’s Vintage 501 jeans Blue Denim Size W32 L34');
    const saved = await client.get(`${ITEMS}/${seller.userId}/${jeansId}`);
    expect(saved.body.item.generalDetails.title).toBe('levis 501 jeans');
  });

  it('predicts from a bare prompt matched against the seller’s own items', async () => {
    const response = await client.post(COMPLETIONS, {
      prompt: 'levis jeans 501 worn once',
      task: 'predictions',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.suggestions).toEqual({
      brand: "Levi's",
      category: 'Jeans',
      condition: 'like_new',
      price: { min: 30, max: 50, currency: 'USD', basedOnSales: 4 },
    });
    const chat = await client.post(COMPLETIONS, {
      messages: [{ role: 'user', content: 'cos wool coat' }],
    });
    expect(chat.status, chat.text).toBe(200);
    expect(chat.body.suggestions).toMatchObject({
      brand: 'COS',
      price: { min: 120, max: 120, basedOnSales: 1 },
    });
  });

  it('says why there is no price', async () => {
    const unlike = await client.post(COMPLETIONS, {
      prompt: 'ceramic teapot',
      task: 'predictions',
    });
    expect(unlike.body.suggestions).toEqual({ priceGap: 'no_similar_sales' });
    const newcomer = await createAccount(server);
    const fresh = await signIn(server, newcomer);
    const none = await fresh.post(COMPLETIONS, { prompt: 'levis 501 jeans', task: 'predictions' });
    expect(none.status, none.text).toBe(200);
    expect(none.body.suggestions).toEqual({ priceGap: 'no_sales' });
    expect(none.body.text).toContain('you have no sales with a price yet');
  });

  it('refuses bad input with a 400 naming the field, and records nothing', async () => {
    const before = (await usageOf(server, seller.accountId)).length;
    for (const [body, field] of [
      [{}, 'prompt'],
      [{ prompt: 42 }, 'prompt'],
      [{ prompt: '' }, 'prompt'],
      [{ prompt: 'a', messages: [{ role: 'user', content: 'b' }] }, 'messages'],
      [{ messages: [{ role: 'robot', content: 'b' }] }, 'messages'],
      [{ prompt: 'x', task: 'poem' }, 'task'],
      [{ prompt: 'x', marketplace: 'nowhere' }, 'marketplace'],
      [{ prompt: 'x'.repeat(4_001) }, 'prompt'],
      [{ itemId: 'short' }, 'itemId'],
    ] as const) {
      const response = await client.post(COMPLETIONS, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('request/invalid');
      expect(response.body.message, JSON.stringify(body)).toContain(field);
    }
    expect(await usageOf(server, seller.accountId)).toHaveLength(before);
  });

  it('answers 404 for an item that is not in the account', async () => {
    const response = await client.post(COMPLETIONS, { itemId: 'x'.repeat(24), task: 'title' });
    expect(response.status, response.text).toBe(404);
  });

  it('needs items.write; the account’s usage needs account.manage', async () => {
    const keys = (Object.keys(allPermissions(false)) as PermissionKey[]).filter(
      (key) => key !== 'items.write' && key !== 'account.manage',
    );
    const role = await client.put('/api/rest/v1/enterprise/roles', {
      name: 'no writing',
      permissions: Object.fromEntries(keys.map((key) => [key, true])),
    });
    expect(role.status, role.text).toBe(200);
    const member = await addMember(server, seller, { roleId: role.body.data.id });
    const reader = await signIn(server, member);
    const before = (await usageOf(server, seller.accountId)).length;
    const refused = await reader.post(COMPLETIONS, { prompt: 'levis jeans' });
    expect(refused.status, refused.text).toBe(403);
    expect((await reader.get(AI_API.usage)).status).toBe(403);
    expect(await usageOf(server, seller.accountId)).toHaveLength(before);
  });

  it('tells the enrichment of items from images that the offline helper sees no photos', async () => {
    const suggestions = await server.container.services.ai.suggestFromPhotos({
      accountId: seller.accountId,
      userId: seller.userId,
      photos: [{ mimeType: 'image/png', bytes: Buffer.from([137, 80, 78, 71]) }],
    });
    expect(suggestions).toBeNull();
  });
});

describe('POST /api/gpt/completions through an OpenAI-compatible server (the stand-in, on loopback)', () => {
  const emulator = new OpenAiEmulator({ apiKey: 'sk-integration' });
  let running: { url: string; close(): Promise<void> };
  let server: TestServer;
  let seller: AccountFixture;
  let client: TestClient;
  let itemId: string;

  beforeAll(async () => {
    running = await emulator.listen();
    server = await startTestServer({
      env: {
        ...standInAiEnv(running.url, 'sk-integration'),
        AI_TIMEOUT_MS: '400',
        AI_PRICE_INPUT_PER_1K: '0.5',
        AI_PRICE_OUTPUT_PER_1K: '1.5',
      },
    });
    seller = await createAccount(server);
    client = await signIn(server, seller);
    itemId = await createItem(client, {
      title: 'Harris tweed blazer',
      brand: 'Harris Tweed',
      size: '40R',
      description: 'Three buttons.',
    });
  });
  afterAll(async () => {
    await server.close();
    await running.close();
  });
  beforeEach(() => emulator.reset());

  it('sends the model, the key, JSON mode and the item’s facts, and records the tokens and cost', async () => {
    const response = await client.post(COMPLETIONS, {
      itemId,
      prompt: 'Make it sound classic',
      task: 'all',
      marketplace: 'poshmark',
    });
    expect(response.status, response.text).toBe(200);
    expect(emulator.requests).toHaveLength(1);
    const [request] = emulator.requests;
    expect(request!.headers.authorization).toBe('Bearer sk-integration');
    expect(request!.body).toMatchObject({
      model: 'stand-in-vision-model',
      response_format: { type: 'json_object' },
      max_tokens: 1500,
    });
    const messages = request!.body!.messages;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'user']);
    expect(messages[0]!.content).toContain('on Poshmark');
    expect(messages[0]!.content).toContain('title (at most 80 characters)');
    expect(messages[1]!.content).toContain('Title: Harris tweed blazer');
    expect(messages[1]!.content).toContain('Size: 40R');
    expect(messages[2]!.content).toBe('Make it sound classic');

    const answer = response.body as AiCompletionResponse;
    expect(answer.provider).toBe('openai-compatible');
    expect(answer.model).toBe('stand-in-vision-model');
    expect(answer.suggestions).toEqual({
      title: DEFAULT_JSON_ANSWER.title,
      description: DEFAULT_JSON_ANSWER.description,
      category: DEFAULT_JSON_ANSWER.category,
      brand: DEFAULT_JSON_ANSWER.brand,
      condition: DEFAULT_JSON_ANSWER.condition,
      colour: DEFAULT_JSON_ANSWER.colour,
      priceGap: 'no_sales',
    });
    expect(answer.usage.promptTokens).toBeGreaterThan(0);
    expect(answer.usage.completionTokens).toBeGreaterThan(0);

    const [row] = await usageOf(server, seller.accountId);
    expect(row).toMatchObject({
      kind: 'completion',
      provider: 'openai-compatible',
      model: 'stand-in-vision-model',
      outcome: 'ok',
      attempts: 1,
      prompt_tokens: answer.usage.promptTokens,
      completion_tokens: answer.usage.completionTokens,
    });
    const cost =
      (answer.usage.promptTokens / 1000) * 0.5 + (answer.usage.completionTokens / 1000) * 1.5;
    expect(Number(row!.cost)).toBeCloseTo(cost, 6);

    const usage = await client.get(`${AI_API.usage}?days=7`);
    expect(usage.status, usage.text).toBe(200);
    expect(usage.body).toMatchObject({
      calls: 1,
      failedCalls: 0,
      promptTokens: answer.usage.promptTokens,
      completionTokens: answer.usage.completionTokens,
      currency: 'USD',
    });
    expect(usage.body.cost).toBeCloseTo(cost, 6);
  });

  it('passes a bare prompt through and answers the model’s text', async () => {
    const response = await client.post(COMPLETIONS, { prompt: 'Hello there' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      text: 'Stand-in answer to: Hello there',
      suggestions: {},
    });
    expect(emulator.requests[0]!.body!.messages).toEqual([
      { role: 'user', content: 'Hello there' },
    ]);
    expect(emulator.requests[0]!.body!.response_format).toBeUndefined();
  });

  it.each(['server-error', 'rate-limit', 'timeout'] as const)(
    'retries exactly once after %s',
    async (kind) => {
      emulator.failNext({ kind, holdMs: 3_000 });
      const response = await client.post(COMPLETIONS, { itemId, task: 'title' });
      expect(response.status, response.text).toBe(200);
      expect(response.body.suggestions).toEqual({ title: DEFAULT_JSON_ANSWER.title });
      expect(emulator.requests).toHaveLength(2);
      expect((await usageOf(server, seller.accountId)).at(-1)).toMatchObject({
        outcome: 'ok',
        attempts: 2,
      });
    },
  );

  it.each([
    ['server-error', 503, 'ai/unavailable'],
    ['rate-limit', 503, 'ai/unavailable'],
    ['disconnect', 503, 'ai/unavailable'],
    ['timeout', 504, 'ai/timeout'],
  ] as const)(
    'after %s twice, answers %i %s with a message a person can act on',
    async (kind, status, code) => {
      emulator.failNext({ kind, count: 2, holdMs: 3_000 });
      const response = await client.post(COMPLETIONS, { itemId, task: 'description' });
      expect(response.status, response.text).toBe(status);
      expect(response.body).toMatchObject({ code, message: ERROR_MESSAGES[code] });
      expect(emulator.requests).toHaveLength(2);
      expect((await usageOf(server, seller.accountId)).at(-1)).toMatchObject({
        outcome: 'failed',
        error_code: code,
        attempts: 2,
        prompt_tokens: 0,
        completion_tokens: 0,
      });
    },
  );

  it('answers 502 when the model’s answer holds no JSON', async () => {
    emulator.answerWith(() => 'I would rather not.');
    const response = await client.post(COMPLETIONS, { itemId, task: 'predictions' });
    expect(response.status, response.text).toBe(502);
    expect(response.body.code).toBe('ai/bad-answer');
  });

  it('keeps a model’s title to the marketplace’s limit and drops a condition it does not know', async () => {
    emulator.answerWith(() => ({
      title: 'A very long title about a Harris Tweed blazer that goes on and on past any limit',
      condition: 'gently loved',
      colour: 'Brown',
    }));
    const response = await client.post(COMPLETIONS, {
      itemId,
      task: 'all',
      marketplace: 'grailed',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.suggestions).toEqual({
      title: 'A very long title about a Harris Tweed blazer that goes on',
      colour: 'Brown',
      priceGap: 'no_sales',
    });
  });

  it('answers the enrichment of items from images with what the model sees in the photos', async () => {
    emulator.answerWith(() => ({
      brand: 'Barbour',
      category: 'Waxed jacket',
      condition: 'like_new',
      colour: 'Olive',
      title: 'Barbour Bedale waxed jacket',
      note: 'ignored',
    }));
    // Wider than the copy a model is sent: it gets an upright JPEG of at most 1,024 px.
    const photo = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 80, g: 90, b: 40 } },
    })
      .png()
      .toBuffer();
    const suggestions = await server.container.services.ai.suggestFromPhotos({
      accountId: seller.accountId,
      userId: seller.userId,
      photos: [
        { mimeType: 'image/png', bytes: photo },
        { mimeType: 'text/plain', bytes: Buffer.from('not a photo') },
      ],
      item: { title: 'Green jacket' },
    });
    expect(suggestions).toEqual({
      brand: 'Barbour',
      category: 'Waxed jacket',
      condition: 'like_new',
      colour: 'Olive',
      title: 'Barbour Bedale waxed jacket',
    });
    const [request] = emulator.requests;
    expect(request!.images).toHaveLength(1);
    expect(request!.images[0]!.mimeType).toBe('image/jpeg');
    const sent = await sharp(request!.images[0]!.bytes).metadata();
    expect([sent.format, sent.width, sent.height]).toEqual(['jpeg', 1024, 512]);
    expect(request!.body!.response_format).toEqual({ type: 'json_object' });
    expect(JSON.stringify(request!.body!.messages[1])).toContain('Title: Green jacket');
    expect((await usageOf(server, seller.accountId)).at(-1)).toMatchObject({
      kind: 'photo_suggestions',
      outcome: 'ok',
    });
  });
});
