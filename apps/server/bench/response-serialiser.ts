/**
 * The time to write one inventory list page (GET /api/account/item?limit=50: 50 items like the
 * bench's seeded ones, two in five listed on one marketplace) as the server's answer, three
 * ways: zod's encode then JSON.stringify (how answers were written before decision 0058, and
 * what the tests still check), the serialiser compiled from the schema (how they are written
 * now), and JSON.stringify alone (no schema at all), for scale. In this process, no server.
 *
 *   node --import tsx apps/server/bench/response-serialiser.ts
 */
import type { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { ItemListResponseSchema, ItemSchema, type Item } from '@listloop/domain';
import { compileResponseSchema } from '../src/platform/http/response-serializer';
import { percentile } from './timing';

const BRANDS = ['Levi’s', 'Nike', 'Coach', 'Pendleton', 'Carhartt', 'Patagonia', 'Hermès'];
const KINDS = ['Denim Jacket', 'Flannel Shirt', 'Band Tee', 'Wool Sweater', 'Leather Handbag'];

function item(g: number): Item {
  const brand = BRANDS[g % BRANDS.length]!;
  // As bench/seed-items.ts lists them: a fifth on eBay, a fifth on Poshmark.
  const marketplace = g % 5 === 0 ? 'ebay' : g % 5 === 1 ? 'poshmark' : null;
  const listings = marketplace
    ? {
        [marketplace]: {
          status: 'listed',
          lastStatusDate: 1_790_000_000_000 + g,
          listedID: `L-${g}`,
          listingURL: `https://${marketplace}.example.test/listing/${g}`,
        },
      }
    : {};
  return ItemSchema.parse({
    itemID: `bench${String(g).padStart(19, '0')}`,
    userID: 'benchuser000000000000000',
    dateCreated: 1_790_000_000_000 - g * 60_000,
    dateLastModified: 1_790_000_000_000 - g * 30_000,
    status: g % 7 === 0 ? 'inProgress' : 'complete',
    labels: ['vintage', 'bin A'].slice(0, 1 + (g % 2)),
    generalDetails: {
      title: `Vintage ${brand} ${KINDS[g % KINDS.length]} #${g}`,
      description: `Second-hand item number ${g} in good condition.`,
      brand,
      condition: 'good',
      price: 5 + ((g * 37) % 500) + 0.99,
      primaryColor: 'Blue',
      category: 'Clothing',
      weight: { pounds: g % 4, ounces: 1 + (g % 15) },
      sku: `SKU-${String(g).padStart(7, '0')}`,
      quantity: 1 + (g % 3),
      size: 'M',
      location: `Bin ${g % 40}`,
    },
    listings,
    variants: [],
    completeness: ['Add at least one photo.'],
  });
}

const page: z.output<typeof ItemListResponseSchema> = {
  items: Array.from({ length: 50 }, (_, g) => item(g + 1)),
  total: 10_000,
  totalCapped: true,
  nextCursor: 'eyJkIjoxNzkwMDAwMDAwMDAwLCJpZCI6ImJlbmNoMDAwMDAwMDAwMDAwMDAwMDA1MCJ9',
};

const compiled = compileResponseSchema(ItemListResponseSchema);
const ways: [string, () => string][] = [
  [
    'zod encode + JSON.stringify',
    () => {
      const encoded = safeEncode(ItemListResponseSchema, page);
      if (!encoded.success) throw encoded.error;
      return JSON.stringify(encoded.data);
    },
  ],
  ['compiled (fast-json-stringify)', () => compiled.serialize(page)],
  ['JSON.stringify alone', () => JSON.stringify(page)],
];

const same =
  JSON.stringify(JSON.parse(ways[0]![1]())) === JSON.stringify(JSON.parse(ways[1]![1]()));
console.log(
  `One list page: ${page.items.length} items, ${(Buffer.byteLength(ways[0]![1]()) / 1024).toFixed(1)} KiB; compiled ${compiled.fallback ? `falls back (${compiled.fallback})` : 'by fast-json-stringify'}${same ? '' : ' — BUT ITS OUTPUT DIFFERS'}`,
);
const ROUNDS = 7;
const PER_ROUND = 400;
for (const [name, write] of ways) {
  for (let i = 0; i < 500; i += 1) write(); // warm up
  const perPage: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    for (let i = 0; i < PER_ROUND; i += 1) write();
    perPage.push(((performance.now() - started) * 1000) / PER_ROUND);
  }
  perPage.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(32)} ${percentile(perPage, 50).toFixed(0).padStart(6)} µs a page (median of ${ROUNDS} rounds of ${PER_ROUND})`,
  );
}
