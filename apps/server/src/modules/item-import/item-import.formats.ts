import crypto from 'node:crypto';
import {
  GeneralDetailsSchema,
  ITEM_CSV_LIST_SEPARATOR,
  ItemLabelsSchema,
  type GeneralDetailsInput,
  type ItemCondition,
} from '@listloop/domain';
import { unguardFormula } from '../items';

export type ImportFormat = 'listloop' | 'ebay';

/** What a CSV column can fill. */
export type ImportField =
  | 'sku'
  | 'title'
  | 'description'
  | 'brand'
  | 'condition'
  | 'price'
  | 'quantity'
  | 'costOfGoods'
  | 'size'
  | 'primaryColor'
  | 'category'
  | 'weightLb'
  | 'weightOz'
  | 'lengthIn'
  | 'widthIn'
  | 'heightIn'
  | 'location'
  | 'notes'
  | 'labels'
  | 'imageUrls'
  | 'itemId'
  | 'status'
  | 'dateCreated'
  | 'ebayItemNumber';

/** Where each field lands on the item, as the preview tells the person importing. */
const FIELD_TARGETS: Record<ImportField, string | null> = {
  sku: 'generalDetails.sku',
  title: 'generalDetails.title',
  description: 'generalDetails.description',
  brand: 'generalDetails.brand',
  condition: 'generalDetails.condition',
  price: 'generalDetails.price',
  quantity: 'generalDetails.quantity',
  costOfGoods: 'generalDetails.costOfGoods',
  size: 'generalDetails.size',
  primaryColor: 'generalDetails.primaryColor',
  category: 'generalDetails.category',
  weightLb: 'generalDetails.weight.pounds',
  weightOz: 'generalDetails.weight.ounces',
  lengthIn: 'generalDetails.dimensions.length',
  widthIn: 'generalDetails.dimensions.width',
  heightIn: 'generalDetails.dimensions.height',
  location: 'generalDetails.location',
  notes: 'generalDetails.notes',
  labels: 'labels',
  imageUrls: 'generalDetails.images',
  itemId: 'itemID',
  // The status follows from the item's completeness; the column is read and not used.
  status: null,
  dateCreated: 'dateCreated',
  ebayItemNumber: 'listings.ebay.listedID',
};

/** Header names compared without case, spaces or punctuation: "Custom label (SKU)" → customlabelsku. */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** ListLoop's own export (ITEM_CSV_COLUMNS), and the names people give those columns by hand. */
const LISTLOOP_ALIASES: Record<Exclude<ImportField, 'ebayItemNumber'>, string[]> = {
  sku: ['sku'],
  title: ['title'],
  description: ['description'],
  brand: ['brand'],
  condition: ['condition'],
  price: ['price'],
  quantity: ['quantity', 'qty'],
  costOfGoods: ['costofgoods', 'cost'],
  size: ['size'],
  primaryColor: ['primarycolor', 'primarycolour', 'color', 'colour'],
  category: ['category'],
  weightLb: ['weightlb', 'weightlbs', 'weightpounds'],
  weightOz: ['weightoz', 'weightounces'],
  lengthIn: ['lengthin', 'length'],
  widthIn: ['widthin', 'width'],
  heightIn: ['heightin', 'height'],
  location: ['location'],
  notes: ['notes'],
  labels: ['labels'],
  imageUrls: ['imageurls', 'images'],
  itemId: ['itemid'],
  status: ['status'],
  dateCreated: ['datecreated'],
};

/**
 * eBay's active listings download (Seller Hub → Reports → Downloads → Active listings) and
 * the older File Exchange one. Aliases are in order of preference: the current price of a
 * listing before its start price.
 */
const EBAY_ALIASES: Partial<Record<ImportField, string[]>> = {
  ebayItemNumber: ['itemnumber', 'itemid'],
  title: ['title', 'itemtitle'],
  sku: ['customlabelsku', 'customlabel', 'sku'],
  quantity: ['availablequantity', 'quantityavailable', 'quantity'],
  price: ['currentprice', 'startprice', 'price', 'buyitnowprice'],
  condition: ['condition', 'conditionname', 'conditionid'],
  category: ['ebaycategory1name', 'categoryname', 'categoryleafname', 'category'],
  description: ['description'],
  imageUrls: ['pictureurl', 'pictureurls', 'picurl', 'imageurl', 'imageurls'],
};

/** Columns only eBay's files have; two of them (with an item number and a title) say "eBay". */
const EBAY_SIGNS = new Set([
  'itemnumber',
  'customlabelsku',
  'customlabel',
  'availablequantity',
  'quantityavailable',
  'currentprice',
  'startprice',
  'auctionbuyitnowprice',
  'reserveprice',
  'ebaycategory1name',
  'ebaycategory1number',
  'categoryleafname',
  'categorynumber',
  'itemtitle',
  'variationdetails',
  'soldquantity',
  'watchers',
  'listingsite',
  'sitelisted',
]);

export const UNKNOWN_FORMAT_MESSAGE =
  'This file is not one we can import. Upload a ListLoop CSV export (columns such as sku, ' +
  'title, price) or eBay’s active listings report (Seller Hub → Reports → Downloads).';

export interface DetectedFormat {
  format: ImportFormat;
  /** Field → column index. */
  fields: Map<ImportField, number>;
  columns: { column: string; field: string | null }[];
}

function mapColumns(
  header: string[],
  aliases: Partial<Record<ImportField, string[]>>,
): Map<ImportField, number> {
  const keys = header.map(headerKey);
  const fields = new Map<ImportField, number>();
  for (const [field, names] of Object.entries(aliases) as [ImportField, string[]][]) {
    for (const name of names) {
      const index = keys.indexOf(name);
      if (index >= 0) {
        fields.set(field, index);
        break;
      }
    }
  }
  return fields;
}

/** Which of the two formats a header row is, or null when it is neither. */
export function detectFormat(header: string[]): DetectedFormat | null {
  const keys = header.map(headerKey);
  const signs = keys.filter((k) => EBAY_SIGNS.has(k)).length;
  let format: ImportFormat | null = null;
  let fields = new Map<ImportField, number>();
  const ebay = mapColumns(header, EBAY_ALIASES);
  if (signs >= 2 && ebay.has('ebayItemNumber') && ebay.has('title')) {
    format = 'ebay';
    fields = ebay;
  } else {
    const listloop = mapColumns(header, LISTLOOP_ALIASES);
    if ((listloop.has('title') || listloop.has('sku')) && listloop.size >= 2) {
      format = 'listloop';
      fields = listloop;
    }
  }
  if (!format) return null;
  const byIndex = new Map([...fields].map(([field, index]) => [index, field]));
  return {
    format,
    fields,
    columns: header.map((column, index) => {
      const field = byIndex.get(index);
      return { column, field: field ? FIELD_TARGETS[field] : null };
    }),
  };
}

/** The separator of the header line: a comma unless semicolons or tabs clearly win. */
export function detectDelimiter(firstLine: string): string {
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, unquoted.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

const CONDITION_WORDS: Record<string, ItemCondition> = {
  newwithtags: 'new_with_tags',
  new: 'new_with_tags',
  brandnew: 'new_with_tags',
  newwithouttags: 'new_without_tags',
  newother: 'new_without_tags',
  newotherseedetails: 'new_without_tags',
  newwithbox: 'new_without_tags',
  newwithoutbox: 'new_without_tags',
  newwithdefects: 'new_without_tags',
  openbox: 'new_without_tags',
  likenew: 'like_new',
  preownedexcellent: 'like_new',
  certifiedrefurbished: 'like_new',
  excellentrefurbished: 'like_new',
  verygoodrefurbished: 'like_new',
  goodrefurbished: 'like_new',
  sellerrefurbished: 'like_new',
  manufacturerrefurbished: 'like_new',
  refurbished: 'like_new',
  good: 'good',
  verygood: 'good',
  used: 'good',
  preowned: 'good',
  preownedgood: 'good',
  fair: 'fair',
  acceptable: 'fair',
  preownedfair: 'fair',
  poor: 'poor',
  forparts: 'poor',
  forpartsornotworking: 'poor',
};

/** eBay's condition ids (ConditionID), mapped onto our vocabulary. */
const CONDITION_IDS: Record<string, ItemCondition> = {
  '1000': 'new_with_tags',
  '1500': 'new_without_tags',
  '1750': 'new_without_tags',
  '2000': 'like_new',
  '2010': 'like_new',
  '2020': 'like_new',
  '2030': 'like_new',
  '2500': 'like_new',
  '2750': 'like_new',
  '2990': 'good',
  '3000': 'good',
  '3010': 'fair',
  '4000': 'good',
  '5000': 'good',
  '6000': 'fair',
  '7000': 'poor',
};

export function parseCondition(text: string): ItemCondition | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (CONDITION_IDS[trimmed]) return CONDITION_IDS[trimmed];
  return CONDITION_WORDS[trimmed.toLowerCase().replace(/[^a-z]/g, '')];
}

/** "$1,234.50", "12,99", "US $5" → a number; undefined when the cell is not one. */
export function parseNumber(text: string): number | undefined {
  let cleaned = text.replace(/[^0-9.,-]/g, '');
  if (cleaned === '') return undefined;
  if (cleaned.includes(',') && !cleaned.includes('.') && /,\d{1,2}$/.test(cleaned)) {
    cleaned = cleaned.replace(',', '.');
  } else {
    cleaned = cleaned.replace(/,/g, '');
  }
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

/** A stable image id for a URL, so importing the same file twice gives the same images. */
function imageId(url: string): string {
  return `csv${crypto.createHash('sha256').update(url).digest('hex').slice(0, 24)}`;
}

/**
 * An id for an item created from a file row that names its source (a ListLoop item id, an
 * eBay item number) but has no SKU: the same row imported again finds the same item.
 */
export function derivedItemId(accountId: string, userId: string, source: string): string {
  return crypto
    .createHash('sha256')
    .update(`${accountId}:${userId}:${source}`)
    .digest('hex')
    .slice(0, 24);
}

export interface ImportRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  /** The general details the file gives: only the fields of its columns. */
  details: Partial<GeneralDetailsInput>;
  /** Labels when the file has a labels column. */
  labels: string[] | undefined;
  sku: string;
  /** ListLoop item id (our format) or eBay item number (eBay's). */
  sourceId: string;
  dateCreated: number | undefined;
  errors: string[];
}

/** Reads one data row of a detected file into item fields, with what is wrong with it. */
export function readRow(detected: DetectedFormat, cells: string[], row: number): ImportRow {
  const errors: string[] = [];
  const raw = (field: ImportField): string | undefined => {
    const index = detected.fields.get(field);
    if (index === undefined) return undefined;
    const value = (cells[index] ?? '').trim();
    return detected.format === 'listloop' ? unguardFormula(value) : value;
  };
  const details: Record<string, unknown> = {};
  const text = (field: ImportField, key: keyof GeneralDetailsInput) => {
    const value = raw(field);
    if (value !== undefined) details[key] = value;
  };
  const number = (field: ImportField, label: string, options: { integer?: boolean } = {}) => {
    const value = raw(field);
    if (value === undefined) return undefined;
    if (value === '') return null;
    const parsed = parseNumber(value);
    if (parsed === undefined || (options.integer && !Number.isInteger(parsed))) {
      errors.push(`${label}: "${value}" is not ${options.integer ? 'a whole number' : 'a number'}`);
      return undefined;
    }
    return parsed;
  };

  text('sku', 'sku');
  text('title', 'title');
  text('description', 'description');
  text('brand', 'brand');
  text('size', 'size');
  text('location', 'location');
  text('notes', 'notes');
  const color = raw('primaryColor');
  if (color !== undefined) details.primaryColor = color === '' ? null : color;
  const category = raw('category');
  if (category !== undefined) details.category = category === '' ? null : category;

  const condition = raw('condition');
  if (condition !== undefined) {
    const parsed = parseCondition(condition);
    if (parsed === undefined) {
      if (detected.format === 'listloop')
        errors.push(`condition: "${condition}" is not a known condition`);
      else details.condition = null;
    } else details.condition = parsed;
  }

  const price = number('price', 'price');
  if (price !== undefined) details.price = price;
  const quantity = number('quantity', 'quantity', { integer: true });
  // An empty quantity keeps the default (one) rather than meaning none.
  if (quantity !== undefined && quantity !== null) details.quantity = quantity;
  const cost = number('costOfGoods', 'cost_of_goods');
  if (cost !== undefined) details.costOfGoods = cost;

  const pounds = number('weightLb', 'weight_lb');
  const ounces = number('weightOz', 'weight_oz');
  if (pounds !== undefined || ounces !== undefined) {
    details.weight = {
      ...(pounds !== undefined ? { pounds: pounds ?? 0 } : {}),
      ...(ounces !== undefined ? { ounces: ounces ?? 0 } : {}),
    };
  }

  const sides = [
    number('lengthIn', 'length_in'),
    number('widthIn', 'width_in'),
    number('heightIn', 'height_in'),
  ];
  if (sides.some((s) => s !== undefined)) {
    const given = sides.filter((s) => typeof s === 'number');
    if (given.length === 3) {
      const [length, width, height] = given as [number, number, number];
      details.dimensions = { length, width, height };
    } else if (given.length === 0) details.dimensions = null;
    else errors.push('dimensions: give length_in, width_in and height_in together');
  }

  const images = raw('imageUrls');
  if (images !== undefined) {
    details.images = images
      .split(ITEM_CSV_LIST_SEPARATOR)
      .map((url) => url.trim())
      .filter(Boolean)
      .map((url) => ({ id: imageId(url), url, url_l: url, url_s: url }));
  }

  let labels: string[] | undefined;
  const labelCell = raw('labels');
  if (labelCell !== undefined) {
    const names = labelCell
      .split(ITEM_CSV_LIST_SEPARATOR)
      .map((name) => name.trim())
      .filter(Boolean);
    const parsed = ItemLabelsSchema.safeParse(names);
    if (parsed.success) labels = parsed.data;
    else errors.push(...parsed.error.issues.map((i) => `labels: ${i.message}`));
  }

  const checked = GeneralDetailsSchema.safeParse(details);
  if (!checked.success) {
    errors.push(
      ...checked.error.issues.map((i) => `${i.path.map(String).join('.') || 'item'}: ${i.message}`),
    );
  }

  let dateCreated: number | undefined;
  const created = raw('dateCreated');
  if (created) {
    const time = Date.parse(created);
    if (Number.isFinite(time) && time > 0) dateCreated = time;
    else errors.push(`date_created: "${created}" is not a date`);
  }

  return {
    row,
    details: details as Partial<GeneralDetailsInput>,
    labels,
    sku: typeof details.sku === 'string' ? details.sku : '',
    sourceId: (detected.format === 'ebay' ? raw('ebayItemNumber') : raw('itemId')) ?? '',
    dateCreated,
    errors,
  };
}
