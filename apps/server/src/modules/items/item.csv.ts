import {
  CATEGORY_SEPARATOR,
  ITEM_CSV_COLUMNS,
  ITEM_CSV_LIST_SEPARATOR,
  type Item,
  type ItemCsvColumn,
} from '@listloop/domain';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula; the export prefixes
 * such text with an apostrophe (which spreadsheets hide) and the import takes it off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unguardFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

function numberCell(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** One item as a row of ListLoop's own CSV format, in ITEM_CSV_COLUMNS order. */
export function itemToCsvRow(item: Item): string[] {
  const details = item.generalDetails;
  const category =
    details.category ??
    (details.categoryV2 ? details.categoryV2.path.join(CATEGORY_SEPARATOR) : '');
  const cells: Record<ItemCsvColumn, string> = {
    sku: guardFormula(details.sku),
    title: guardFormula(details.title),
    description: guardFormula(details.description),
    brand: guardFormula(details.brand),
    condition: details.condition ?? '',
    price: numberCell(details.price),
    quantity: numberCell(details.quantity),
    cost_of_goods: numberCell(details.costOfGoods),
    size: guardFormula(details.size),
    primary_color: guardFormula(details.primaryColor ?? ''),
    category: guardFormula(category),
    weight_lb: numberCell(details.weight.pounds),
    weight_oz: numberCell(details.weight.ounces),
    length_in: numberCell(details.dimensions?.length),
    width_in: numberCell(details.dimensions?.width),
    height_in: numberCell(details.dimensions?.height),
    location: guardFormula(details.location),
    notes: guardFormula(details.notes),
    labels: guardFormula(item.labels.join(ITEM_CSV_LIST_SEPARATOR)),
    image_urls: guardFormula(details.images.map((i) => i.url).join(ITEM_CSV_LIST_SEPARATOR)),
    item_id: item.itemID,
    status: item.status,
    date_created: new Date(item.dateCreated).toISOString(),
  };
  return ITEM_CSV_COLUMNS.map((column) => cells[column]);
}
