/** What the emulated Depop keeps for its one shop, in memory. */

/** ✅ Product statuses of the description (the banned ones are never produced here). */
export type ProductStatus =
  | 'STATUS_ONSALE'
  | 'STATUS_PURCHASED'
  | 'STATUS_MARKED_AS_SOLD'
  | 'STATUS_DELETED'
  | 'STATUS_DELETED_ONSALE'
  | 'STATUS_DELETED_PURCHASED'
  | 'STATUS_DELETED_MARKED_AS_SOLD';

/** ◐ The deleted status of each live one (Depop keeps what a product was when deleted). */
export const DELETED_STATUS: Partial<Record<ProductStatus, ProductStatus>> = {
  STATUS_ONSALE: 'STATUS_DELETED_ONSALE',
  STATUS_PURCHASED: 'STATUS_DELETED_PURCHASED',
  STATUS_MARKED_AS_SOLD: 'STATUS_DELETED_MARKED_AS_SOLD',
};

export function isDeleted(status: ProductStatus): boolean {
  return status.startsWith('STATUS_DELETED');
}

export interface ProductRecord {
  productId: number;
  sku: string | null;
  slug: string;
  status: ProductStatus;
  /** The product's fields as last put or patched (ProductPutRequest's names). */
  fields: Record<string, unknown>;
  isBoosted: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface OrderRecord {
  purchaseId: string;
  createdAt: number;
  /** The Order as the orders endpoints answer it. */
  order: Record<string, unknown>;
  /** The OrderWebhook data of its newOrder webhook. */
  webhookData: Record<string, unknown>;
}

/** Sequences that look like Depop's ids (numbers; purchase ids as digit strings). */
export class DepopIds {
  private product = 7_021_250;
  private purchase = 434_632_929_600;
  private purchaseItem = 2_385_550;

  productId(): number {
    return (this.product += 1);
  }
  purchaseId(): string {
    return String((this.purchase += 1));
  }
  purchaseItemId(): number {
    return (this.purchaseItem += 1);
  }
}

export class DepopStore {
  readonly products = new Map<number, ProductRecord>();
  /** SKU → product id: a SKU names one product for good (✅ "It can't be reused"). */
  readonly skus = new Map<string, number>();
  readonly orders = new Map<string, OrderRecord>();
  ids = new DepopIds();

  clear(): void {
    this.products.clear();
    this.skus.clear();
    this.orders.clear();
    this.ids = new DepopIds();
  }

  bySku(sku: string): ProductRecord | undefined {
    const id = this.skus.get(sku);
    return id === undefined ? undefined : this.products.get(id);
  }

  bySlug(slug: string): ProductRecord | undefined {
    return [...this.products.values()].find((p) => p.slug === slug);
  }

  /** What a buyer can buy now. */
  available(product: ProductRecord): number {
    if (product.status !== 'STATUS_ONSALE') return 0;
    const quantity = product.fields.quantity;
    return typeof quantity === 'number' ? quantity : 0;
  }
}
