import { sql } from 'drizzle-orm';
import type { Database } from '../src/platform/db/database';
import { searchTextSql } from '../src/modules/items/item.repository';

/**
 * Fills the inventory with `count` varied items in one set-based INSERT, the way a large shop
 * looks after years of use: many brands and kinds, a seventh of them drafts, labels on most,
 * some listed on eBay or Poshmark. The columns the product derives (generated ones and
 * search_text) get what the product's own save would give them.
 */
export async function seedBenchItems(
  database: Database,
  owner: { accountId: string; userId: string },
  count: number,
): Promise<void> {
  const now = Date.now();
  const batch = 20_000;
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await database.db.execute(sql`
      INSERT INTO items (id, account_id, user_id, status, date_created, date_last_modified, labels, general_details, listings, search_text)
      SELECT
        'bench' || lpad(g::text, 19, '0'),
        ${owner.accountId},
        ${owner.userId},
        (CASE WHEN g % 7 = 0 THEN 'inProgress' ELSE 'complete' END)::item_status,
        ${now}::bigint - g::bigint * 60000,
        ${now}::bigint - g::bigint * 30000,
        labels,
        details,
        CASE g % 5 WHEN 0 THEN '{"ebay":{"status":"listed"}}'::jsonb WHEN 1 THEN '{"poshmark":{"status":"listed"}}'::jsonb ELSE '{}'::jsonb END,
        ${searchTextSql(sql`details`, sql`labels`)}
      FROM generate_series(${start}::int, ${end}::int) AS g,
      LATERAL (
        SELECT
          (ARRAY['vintage','summer','winter','bin A','bin B','high value','bundle','clearance'])[1 + g % 8:1 + g % 8 + (g % 3)] AS labels,
          jsonb_build_object(
            'images', '[]'::jsonb,
            'title', (ARRAY['Vintage','Retro','Y2K','1990s','1980s','Classic'])[1 + g % 6] || ' ' ||
                     (ARRAY['Levi''s','Nike','Coach','Pendleton','Carhartt','Patagonia','Ralph Lauren','Dr. Martens','Canon','Fossil','Wrangler','Hermès'])[1 + (g / 7) % 12] || ' ' ||
                     (ARRAY['Denim Jacket','Flannel Shirt','Band Tee','Wool Sweater','Leather Handbag','Silk Scarf','Sneakers','Boots','Dress','Camera'])[1 + (g / 3) % 10] || ' #' || g,
            'description', 'Second-hand item number ' || g || ' in good condition.',
            'brand', (ARRAY['Levi''s','Nike','Coach','Pendleton','Carhartt','Patagonia','Ralph Lauren','Dr. Martens','Canon','Fossil','Wrangler','Hermès'])[1 + (g / 7) % 12],
            'condition', (ARRAY['good','like_new','fair','new_with_tags'])[1 + g % 4],
            'price', round((5 + (g * 37) % 500)::numeric + 0.99, 2),
            'primaryColor', (ARRAY['Blue','Black','Red','Green','White'])[1 + g % 5],
            'category', 'Clothing',
            'categoryV2', NULL,
            'weight', jsonb_build_object('pounds', g % 4, 'ounces', 1 + g % 15),
            'dimensions', NULL,
            'sku', 'SKU-' || lpad(g::text, 7, '0'),
            'quantity', 1 + g % 3,
            'costOfGoods', NULL,
            'size', (ARRAY['S','M','L','XL'])[1 + g % 4],
            'notes', '',
            'location', 'Bin ' || (g % 40)
          ) AS details
      ) AS generated
    `);
  }
}
