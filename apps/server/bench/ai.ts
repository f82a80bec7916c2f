/**
 * The AI helper's figures, over HTTP on a scratch database, with no AI server configured (the
 * offline helper, as a fresh install runs): a shop of 300 items in 10 brands and 6 categories,
 * 200 of them sold in person with a price; then `POST /api/gpt/completions` one request at a
 * time (one connection), for an item (title, description, details and a price from the similar
 * sales) and for a bare prompt (details and price from its words).
 */
import { AI_API, type AiCompletionResponse } from '@listloop/domain';
import { TestClient } from '../test/client';
import { inTurn, percentile, timed } from './timing';

const ITEMS = Number(process.env.BENCH_AI_ITEMS ?? 300);
const SOLD = Number(process.env.BENCH_AI_SOLD ?? 200);
const REQUESTS = Number(process.env.BENCH_AI_REQUESTS ?? 300);

const BRANDS = [
  "Levi's",
  'Barbour',
  'Patagonia',
  'Nike',
  'Zara',
  'COS',
  'Arket',
  'Ganni',
  'Uniqlo',
  'Carhartt',
];
const CATEGORIES = ['Jeans', 'Jackets', 'Coats', 'Trainers', 'Dresses', 'Knitwear'];
const WORDS = ['vintage', 'classic', 'slim', 'oversized', 'wool', 'denim', 'waxed', 'cropped'];

export async function benchAi(
  baseUrl: string,
  owner: { email: string; password: string },
  add: (figure: { name: string; value: number; unit: string; target?: string }) => void,
) {
  const client = new TestClient(baseUrl);
  const login = await client.post('/api/rest/v1/auth/session_login', owner);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);

  console.log(`AI helper: ${ITEMS} items, ${SOLD} of them sold…`);
  await inTurn(ITEMS, async (index) => {
    const brand = BRANDS[index % BRANDS.length]!;
    const category = CATEGORIES[index % CATEGORIES.length]!;
    const created = await client.post('/api/account/item', {
      generalDetails: {
        title: `${brand} ${WORDS[index % WORDS.length]} ${category.toLowerCase()} ${index}`,
        brand,
        category,
        size: ['S', 'M', 'L'][index % 3],
        quantity: 1,
        price: 20 + (index % 50),
      },
    });
    if (created.status !== 201) throw new Error(`item create failed: ${created.text}`);
    if (index >= SOLD) return;
    const sold = await client.put(
      `/api/account/item/${created.body.item.userID as string}/${created.body.item.itemID as string}/mark-item-as-sold`,
      { marketplace: 'in_person', soldAt: new Date().toISOString(), salePrice: 15 + (index % 60) },
    );
    if (sold.status !== 200) throw new Error(`sale failed: ${sold.text}`);
  });
  const asked = await client.post('/api/account/item', {
    generalDetails: {
      title: 'levis vintage jeans',
      brand: "Levi's",
      category: 'Jeans',
      size: 'M',
      primaryColor: 'Blue',
      condition: 'like_new',
      quantity: 1,
    },
  });
  if (asked.status !== 201) throw new Error(`item create failed: ${asked.text}`);
  const itemId = asked.body.item.itemID as string;

  const check = (answer: { status: number; body: AiCompletionResponse; text: string }) => {
    if (
      answer.status !== 200 ||
      answer.body.provider !== 'offline' ||
      !answer.body.suggestions.price
    ) {
      throw new Error(
        `no offline answer with a price: ${answer.status} ${answer.text.slice(0, 300)}`,
      );
    }
    return answer.body.suggestions.price.basedOnSales;
  };
  // One to warm up, and to say what the figures are of.
  const basedOn = check(
    await client.post(AI_API.completions, { itemId, task: 'all', marketplace: 'ebay' }),
  );
  console.log(`  an item's answer takes its price from ${basedOn} similar sales`);

  // What any signed-in read of one item takes on this machine now: the figures' floor.
  const itemPath = `/api/account/item/${asked.body.item.userID as string}/${itemId}`;
  const reads = await timed(REQUESTS, async () => {
    const read = await client.get(itemPath);
    if (read.status !== 200) throw new Error(`item read failed: ${read.text}`);
  });
  add({ name: `ai bench baseline: GET one item p50`, value: percentile(reads, 50), unit: 'ms' });

  const forItem = await timed(REQUESTS, async () => {
    check(await client.post(AI_API.completions, { itemId, task: 'all', marketplace: 'ebay' }));
  });
  add({
    name: `ai completion, offline, item (all) p50`,
    value: percentile(forItem, 50),
    unit: 'ms',
  });
  add({
    name: `ai completion, offline, item (all) p95`,
    value: percentile(forItem, 95),
    unit: 'ms',
  });

  const forPrompt = await timed(REQUESTS, async (index) => {
    check(
      await client.post(AI_API.completions, {
        prompt: `${BRANDS[index % BRANDS.length]} ${WORDS[index % WORDS.length]} ${CATEGORIES[index % CATEGORIES.length]}`,
        task: 'predictions',
      }),
    );
  });
  add({
    name: `ai completion, offline, prompt (details) p50`,
    value: percentile(forPrompt, 50),
    unit: 'ms',
  });
  add({
    name: `ai completion, offline, prompt (details) p95`,
    value: percentile(forPrompt, 95),
    unit: 'ms',
  });
}
