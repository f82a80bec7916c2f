import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { ITEM_CSV_COLUMNS, type ItemSort } from '@listloop/domain';
import type { RequestContext } from '../../platform/http/request-context';
import { cursorOf } from './item.cursor';
import { itemToCsvRow } from './item.csv';
import { toItem } from './item.mapper';
import type { ItemFilter, ItemRecord, ItemRepository } from './item.repository';
import type { ItemFilterInput, ItemService } from './item.service';

/** Rows read per query while exporting: memory stays flat whatever the inventory's size. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * GET /api/account/item/export: the list's search, filters and sort, every page, as
 * ListLoop's own CSV (with a BOM, so spreadsheets read it as UTF-8). Pages are read one after
 * another with the list's keyset cursor while the response streams.
 */
export class ItemExportService {
  constructor(
    private readonly items: ItemRepository,
    private readonly itemService: ItemService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async exportCsv(
    ctx: RequestContext,
    query: ItemFilterInput & { sort: ItemSort },
  ): Promise<{ fileName: string; stream: Readable }> {
    const owner = await this.itemService.owner(ctx, query.userId);
    const filter = this.itemService.filterFor(ctx, owner, query);
    const pages = this.pages(filter, query.sort, EXPORT_PAGE_SIZE);
    // The first page is read before answering, so a failure is an error, not a cut-off file.
    const first = await pages.next();

    async function* rows() {
      if (first.done) return;
      for (const row of first.value) yield itemToCsvRow(toItem(row));
      for await (const page of pages) {
        for (const row of page) yield itemToCsvRow(toItem(row));
      }
    }

    const csv = stringify({ header: true, columns: [...ITEM_CSV_COLUMNS], bom: true });
    const source = Readable.from(rows());
    source.on('error', (error) => csv.destroy(error));
    source.pipe(csv);
    const day = this.now().toISOString().slice(0, 10);
    return { fileName: `listloop-items-${day}.csv`, stream: csv };
  }

  /**
   * Every item the filter matches, in the sort's order, a page of at most `pageSize` at a time
   * (keyset pages: the same plan for the first page and the thousandth).
   */
  async *pages(
    filter: ItemFilter,
    sort: ItemSort,
    pageSize: number = EXPORT_PAGE_SIZE,
  ): AsyncGenerator<ItemRecord[]> {
    let after: ItemRecord | null = null;
    for (;;) {
      const page = await this.items.listPage(
        filter,
        sort,
        after ? cursorOf(sort, after) : null,
        pageSize + 1,
      );
      const batch = page.slice(0, pageSize);
      if (batch.length > 0) yield batch;
      const last = batch.at(-1);
      if (page.length <= pageSize || !last) return;
      after = last;
    }
  }

  /** How many items the filter matches, counting at most `cap + 1`. */
  count(filter: ItemFilter, cap: number): Promise<{ total: number; capped: boolean }> {
    return this.items.countMatching(filter, cap);
  }
}
