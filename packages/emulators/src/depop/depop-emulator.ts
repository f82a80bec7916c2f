import crypto from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import {
  controlInput,
  EmulatorServer,
  type BearerOutcome,
  type RouteContext,
  type RunningEmulator,
} from '../core/emulator-server';
import { html, page } from '../core/html';
import { htmlResponse, json, redirect, type EmulatorResponse } from '../core/http';
import { renderListingPage } from '../core/listing-page';
import type { Violation } from '../core/violations';
import {
  amount,
  DEFAULT_DEPOP_RULES,
  iso,
  money,
  productJson,
  record,
  type DepopContext,
  type DepopRules,
  type DepopSeller,
} from './depop-context';
import {
  DEPOP_API_BASE_PATH,
  DEPOP_DESCRIPTION_FILE,
  depopCorrections,
  depopSchemaCheck,
} from './depop-description';
import { depopErrorFormat } from './depop-errors';
import { DepopStore, isDeleted, type OrderRecord, type ProductRecord } from './depop-store';
import { orderHandlers } from './orders-api';
import { productHandlers } from './products-api';
import {
  DepopWebhookDispatcher,
  type DepopWebhookDelivery,
  type DepopWebhookSubscription,
} from './webhooks';

/** ✅ The newOrder webhook's event type. */
export const DEPOP_NEW_ORDER_EVENT = 'v1:order.new';

/** The API key the emulator accepts when none are given (tests and the sandbox may use it). */
export const DEPOP_EMULATOR_API_KEY = 'depop-emulator-api-key-0000000000000000';

/** The currency a Depop shop sells in, by its country (✅ USD in the US, GBP in the UK). */
const CURRENCY_BY_COUNTRY: Record<string, string> = { US: 'USD', GB: 'GBP' };

/** Where the emulated buyers live, by the shop's country (a buyer in the seller's country). */
const BUYERS: Record<string, Record<string, string>> = {
  GB: {
    name: 'Emulated Buyer',
    address: '123 Main St',
    city: 'London',
    postal_code: 'EC1V 4PW',
    state: 'Greater London',
    country: 'GB',
  },
  US: {
    name: 'Emulated Buyer',
    address: '123 Main St',
    city: 'Los Angeles',
    postal_code: '90022-3049',
    state: 'CA',
    country: 'US',
  },
};

export interface DepopEmulatorOptions {
  clock?: Clock;
  /** Where the emulator is reached from outside (see EmulatorServer). */
  publicBaseUrl?: string;
  /** The shop: id, username and country (US by default); its currency follows the country. */
  seller?: Partial<DepopSeller>;
  /** The seller's API keys that work from the start (✅ an API key has every scope). */
  apiKeys?: readonly string[];
  /** Where newOrder webhooks go; Depop sets this up on request. A secret is made when none. */
  webhook?: { url: string; secret?: string } | null;
  rules?: Partial<DepopRules>;
  /** How webhooks are sent (tests may catch them without a server). */
  fetch?: typeof fetch;
}

export interface DepopSaleInput {
  productId?: number;
  sku?: string;
  slug?: string;
  /** How many times the newOrder webhook is delivered: 2 shows a receiver deduplicates. */
  deliveries?: number;
}

export interface DepopSaleResult {
  order: Record<string, unknown>;
  /** The newOrder webhook, when a URL is set up for it. */
  webhook: DepopWebhookDelivery | null;
}

export class DepopSaleError extends Error {
  override readonly name = 'DepopSaleError';
}

const SaleSchema = z
  .object({
    productId: z.coerce.number().int().positive().optional(),
    sku: z.string().min(1).max(50).optional(),
    slug: z.string().min(1).optional(),
    deliveries: z.coerce.number().int().min(1).max(5).default(1),
  })
  .refine((v) => v.productId || v.sku || v.slug, 'Name the productId, sku or slug');

const WebhookSchema = z.object({
  url: z.string().url(),
  secret: z.string().min(8).optional(),
});

function newApiKey(): string {
  // ◐ Depop's API key format is not published; a long random token.
  return `depop_${crypto.randomBytes(20).toString('hex')}`;
}

function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('hex')}`;
}

/**
 * The emulated Depop Seller API for one shop: products by SKU and by id (create-or-update,
 * patch, delete, mark as sold, the testing purchase), orders with cursor pages, the shop's
 * details, API-key authentication, signed newOrder webhooks, a page per product with a
 * "Simulate a sale" button, and a control surface. Every request and answer is checked against
 * Depop's published description, and every webhook against its Webhook schema.
 */
export class DepopEmulator {
  readonly server: EmulatorServer;
  readonly store = new DepopStore();
  readonly rules: DepopRules;
  readonly seller: DepopSeller;
  readonly webhooks: DepopWebhookDispatcher;
  private readonly context: DepopContext;
  private readonly apiKeys = new Map<string, { revoked: boolean }>();
  private subscription: DepopWebhookSubscription | null = null;

  private constructor(private readonly options: DepopEmulatorOptions) {
    this.server = new EmulatorServer({
      name: 'Depop',
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    });
    this.rules = { ...DEFAULT_DEPOP_RULES, ...options.rules };
    const countryCode = (options.seller?.countryCode ?? 'US').toUpperCase();
    this.seller = {
      id: options.seller?.id ?? 97_082_934,
      username: options.seller?.username ?? 'listloop_seller',
      countryCode,
      currency: options.seller?.currency ?? CURRENCY_BY_COUNTRY[countryCode] ?? 'USD',
    };
    this.webhooks = new DepopWebhookDispatcher(this.server.clock, options.fetch ?? fetch);
    this.context = {
      store: this.store,
      rules: this.rules,
      clock: this.server.clock,
      server: this.server,
      seller: this.seller,
      productUrl: (baseUrl, slug) => `${baseUrl}/products/${encodeURIComponent(slug)}/`,
      sell: async (product) => (await this.sell(product, 1)).order,
    };
    this.server.setAuthenticator((request) => this.authenticate(request.headers.authorization));
    this.server.onReset(() => this.seed());
    this.registerControls();
    this.registerPages();
  }

  static async create(options: DepopEmulatorOptions = {}): Promise<DepopEmulator> {
    const emulator = new DepopEmulator(options);
    await emulator.server.mountOpenApi({
      name: 'depop.seller',
      descriptionFile: DEPOP_DESCRIPTION_FILE,
      basePath: DEPOP_API_BASE_PATH,
      handlers: { ...productHandlers(emulator.context), ...orderHandlers(emulator.context) },
      errors: depopErrorFormat,
      publicOperations: ['exchangeToken'],
      corrections: depopCorrections(),
    });
    emulator.seed();
    return emulator;
  }

  get handler() {
    return this.server.handler;
  }

  get violations(): readonly Violation[] {
    return this.server.violations;
  }

  get clock(): Clock {
    return this.server.clock;
  }

  get faults() {
    return this.server.faults;
  }

  /** Where newOrder webhooks go now, with the secret that signs them. */
  get webhook(): DepopWebhookSubscription | null {
    return this.subscription ? { ...this.subscription } : null;
  }

  listen(port?: number, host?: string): Promise<RunningEmulator> {
    return this.server.listen(port, host);
  }

  /** Back to the first state: no products or orders, the first keys and webhook URL. */
  reset(): void {
    this.server.reset();
  }

  productUrl(slug: string): string {
    return this.context.productUrl(this.server.baseUrl(), slug);
  }

  /** A new API key of the seller (what the seller copies from Depop to connect ListLoop). */
  issueApiKey(key: string = newApiKey()): string {
    this.apiKeys.set(key, { revoked: false });
    return key;
  }

  /** The seller revokes a key: every call with it answers 401 from now on. */
  revokeApiKey(key: string): boolean {
    const found = this.apiKeys.get(key);
    if (!found) return false;
    found.revoked = true;
    return true;
  }

  /** Sets up where newOrder webhooks go (Depop does it on request); null stops them. */
  setWebhook(url: string | null, secret?: string): DepopWebhookSubscription | null {
    this.subscription = url === null ? null : { url, secret: secret ?? newWebhookSecret() };
    return this.webhook;
  }

  /** Waits until every webhook under way has had its answer. */
  settled(): Promise<void> {
    return this.webhooks.settled();
  }

  /** Sends a webhook again, unchanged but for its timestamp and signature. */
  redeliver(webhookId: string): Promise<DepopWebhookDelivery> {
    if (!this.subscription) return Promise.reject(new Error('No webhook URL is set up'));
    return this.webhooks.redeliver(webhookId, this.subscription.secret);
  }

  /**
   * A buyer buys one of a product on sale: an order the orders endpoints list, the quantity
   * lowered (purchased when none is left), and a newOrder webhook to the URL set up.
   */
  async produceSale(input: DepopSaleInput): Promise<DepopSaleResult> {
    const product =
      input.productId !== undefined
        ? this.store.products.get(input.productId)
        : input.sku !== undefined
          ? this.store.bySku(input.sku)
          : input.slug !== undefined
            ? this.store.bySlug(input.slug)
            : undefined;
    if (!product || isDeleted(product.status)) {
      throw new DepopSaleError('No product of the shop matches that sale.');
    }
    if (this.store.available(product) < 1) {
      throw new DepopSaleError(`Product ${product.productId} is not on sale.`);
    }
    return this.sell(product, input.deliveries ?? 1);
  }

  private async sell(product: ProductRecord, deliveries: number): Promise<DepopSaleResult> {
    const { order, webhookData, purchaseId, createdAt } = this.orderFor(product);
    const fields = product.fields;
    const left = (typeof fields.quantity === 'number' ? fields.quantity : 1) - 1;
    fields.quantity = left;
    if (left <= 0) product.status = 'STATUS_PURCHASED';
    product.updatedAt = createdAt;
    const stored: OrderRecord = { purchaseId, createdAt, order, webhookData };
    this.store.orders.set(purchaseId, stored);

    const payload = {
      id: crypto.randomUUID(),
      event_type: DEPOP_NEW_ORDER_EVENT,
      created_at: iso(createdAt),
      data: webhookData,
    };
    const problems = (await depopSchemaCheck('Webhook'))(payload);
    if (problems.length > 0) {
      this.server.recordViolation({
        direction: 'response',
        api: 'depop.webhooks',
        operationId: 'newOrderWebhook',
        method: 'POST',
        path: this.subscription?.url ?? '(no webhook URL)',
        status: null,
        messages: problems,
      });
    }
    if (!this.subscription) return { order, webhook: null };
    const delivery = this.webhooks.dispatch(this.subscription, payload);
    for (let again = 1; again < deliveries; again += 1) {
      await this.webhooks.settled();
      await this.webhooks.redeliver(delivery.webhookId, this.subscription.secret);
    }
    return { order, webhook: delivery };
  }

  /** The Order of one unit of a product, and the OrderWebhook data of its newOrder webhook. */
  private orderFor(product: ProductRecord): {
    order: Record<string, unknown>;
    webhookData: Record<string, unknown>;
    purchaseId: string;
    createdAt: number;
  } {
    const { store, rules, seller } = this;
    const fields = product.fields;
    const createdAt = this.clock.now();
    const purchaseId = store.ids.purchaseId();
    const currency = typeof fields.price_currency === 'string' ? fields.price_currency : 'USD';
    const listed = money(fields.price_amount) ?? 0;
    const sold = money(fields.discount_price) ?? listed;
    const shipping = money(fields.national_shipping_cost) ?? 0;
    const total = sold + shipping;
    const depopFee = (sold * rules.fees.depopPercent) / 100;
    const paymentFee = (total * rules.fees.paymentPercent) / 100 + rules.fees.paymentFixed;
    const fees = Math.round((depopFee + paymentFee) * 100) / 100;
    const pictures = Array.isArray(fields.pictures) ? fields.pictures : [];
    const line = {
      purchase_item_id: store.ids.purchaseItemId(),
      sku: product.sku,
      product_id: product.productId,
      slug: product.slug,
      parcel_id: crypto.randomUUID(),
      description: typeof fields.description === 'string' ? fields.description : '',
      original_price: amount(listed),
      sold_price: amount(sold),
      sold_via_offers: false,
      image_url: String(record(pictures[0]).url ?? ''),
    };
    const buyer = BUYERS[seller.countryCode] ?? (BUYERS.US as Record<string, string>);
    const { country, ...address } = buyer;
    const common = {
      seller_id: seller.id,
      purchase_id: purchaseId,
      status: 'SHIPPING_PENDING',
      currency,
      buyer_pays_amount: amount(total),
      seller_receives_amount: amount(Math.max(0, total - fees)),
      buyer_shipping_price: amount(shipping),
      line_items: [line],
      ...(fields.depop_shipping
        ? {
            depop_shipping: {
              shipping_provider_id: String(record(fields.depop_shipping).shipping_provider_id),
            },
          }
        : {}),
    };
    const order = {
      ...common,
      // ✅ The orders endpoints name the country `country_code`.
      buyer_address: { ...address, country_code: country },
      seller_fee_breakdown: [
        { fee_type: 'DEPOP_FEE', amount: amount(depopFee), currency },
        { fee_type: 'PAYMENT_FEE', amount: amount(paymentFee), currency },
      ],
      created_at: iso(createdAt),
    };
    const webhookData = {
      ...common,
      fee_amount: amount(fees),
      // ✅ The webhook names it `country`.
      buyer_address: { ...address, country },
    };
    return { order, webhookData, purchaseId, createdAt };
  }

  private authenticate(authorization: string | undefined): BearerOutcome {
    if (!authorization) return { ok: false, reason: 'missing' };
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match?.[1]) return { ok: false, reason: 'malformed' };
    const key = this.apiKeys.get(match[1]);
    if (!key || key.revoked) return { ok: false, reason: 'unknown' };
    // ✅ API keys have access to all scopes.
    return { ok: true, grant: { clientId: 'api-key', userId: String(this.seller.id), scopes: [] } };
  }

  private seed(): void {
    this.store.clear();
    this.webhooks.clear();
    this.apiKeys.clear();
    for (const key of this.options.apiKeys ?? [DEPOP_EMULATOR_API_KEY]) this.issueApiKey(key);
    const webhook = this.options.webhook;
    this.subscription = webhook
      ? { url: webhook.url, secret: webhook.secret ?? newWebhookSecret() }
      : null;
  }

  private registerControls(): void {
    this.server.control('POST', '/sales', async (ctx) => {
      const input = controlInput(ctx.body);
      const fromForm = ctx.body.kind === 'form';
      const parsed = SaleSchema.safeParse(input);
      const back = (notice: string) => {
        const product = this.store.products.get(Number(input.productId));
        const url = new URL(
          product ? this.context.productUrl(ctx.baseUrl, product.slug) : `${ctx.baseUrl}/`,
        );
        url.searchParams.set('notice', notice);
        return redirect(url.toString(), 303);
      };
      if (!parsed.success) {
        return fromForm
          ? back(parsed.error.issues[0]?.message ?? 'Invalid sale')
          : json(400, { error: parsed.error.message });
      }
      try {
        const { order, webhook } = await this.produceSale(parsed.data);
        const sent = webhook
          ? `newOrder was sent to ${webhook.url}.`
          : 'No webhook URL is set up, so no newOrder webhook was sent.';
        return fromForm
          ? back(`Sold: order ${String(order.purchase_id)} was created. ${sent}`)
          : json(201, { order, webhook });
      } catch (error) {
        if (!(error instanceof DepopSaleError)) throw error;
        return fromForm ? back(error.message) : json(409, { error: error.message });
      }
    });
    this.server.control('POST', '/webhook', (ctx) => {
      const parsed = WebhookSchema.safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      return json(200, this.setWebhook(parsed.data.url, parsed.data.secret));
    });
    this.server.control('DELETE', '/webhook', () => {
      this.setWebhook(null);
      return json(200, { url: null });
    });
    this.server.control('GET', '/webhooks', () =>
      json(200, { deliveries: this.webhooks.deliveries }),
    );
    this.server.control('POST', '/webhooks/redeliver', async (ctx) => {
      const parsed = z.object({ webhookId: z.string().min(1) }).safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      try {
        return json(200, await this.redeliver(parsed.data.webhookId));
      } catch (error) {
        return json(404, { error: (error as Error).message });
      }
    });
    this.server.control('POST', '/api-keys', () => json(201, { apiKey: this.issueApiKey() }));
    this.server.control('POST', '/api-keys/revoke', (ctx) => {
      const parsed = z.object({ apiKey: z.string().min(1) }).safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      return this.revokeApiKey(parsed.data.apiKey)
        ? json(200, { revoked: true })
        : json(404, { error: 'No such API key' });
    });
    this.server.control('GET', '/state', () =>
      json(200, {
        seller: this.seller,
        products: [...this.store.products.values()].map(productJson),
        orders: [...this.store.orders.values()].map((o) => o.order),
        webhookUrl: this.subscription?.url ?? null,
      }),
    );
  }

  private productPage(ctx: RouteContext): EmulatorResponse {
    const slug = decodeURIComponent(ctx.params.slug ?? '');
    const product = this.store.bySlug(slug);
    const notice = ctx.request.query.get('notice');
    if (!product || isDeleted(product.status)) {
      return htmlResponse(
        404,
        renderListingPage({
          marketplace: 'Depop',
          listingId: slug,
          title: 'This item is no longer available',
          price: null,
          photos: [],
          quantity: 0,
          status: 'Not found',
          notice,
        }),
      );
    }
    const fields = product.fields;
    const description = typeof fields.description === 'string' ? fields.description : '';
    const text = (value: unknown) =>
      Array.isArray(value) ? value.join(', ') || '—' : value === undefined ? '—' : String(value);
    const onSale = product.status === 'STATUS_ONSALE';
    return htmlResponse(
      200,
      renderListingPage({
        marketplace: 'Depop',
        listingId: String(product.productId),
        // Depop listings have no title: the description's first line stands in for one.
        title: description.split('\n')[0]?.slice(0, 80) ?? '',
        description,
        price: {
          value: String(fields.discount_price ?? fields.price_amount ?? ''),
          currency: String(fields.price_currency ?? ''),
        },
        photos: (Array.isArray(fields.pictures) ? fields.pictures : []).map((p) =>
          String(record(p).url ?? ''),
        ),
        quantity: this.store.available(product),
        status: product.status,
        details: [
          ['SKU', product.sku ?? '—'],
          ['Department', text(fields.department)],
          ['Product type', text(fields.product_type)],
          ['Brand', text(fields.brand_name)],
          [
            'Size',
            fields.size_id === undefined
              ? '—'
              : `${text(fields.size_set_id)}/${text(fields.size_id)}`,
          ],
          ['Condition', text(fields.condition)],
          ['Colour', text(fields.colour)],
          ['Shipping', text(fields.national_shipping_cost ?? 'Depop shipping')],
        ],
        saleAction: onSale ? `${ctx.baseUrl}/__emulator/sales` : null,
        saleFields: { productId: String(product.productId) },
        notice,
      }),
    );
  }

  private registerPages(): void {
    this.server.route('GET', '/products/:slug', (ctx) => this.productPage(ctx));
    this.server.route('GET', '/', (ctx) => {
      const onSale = [...this.store.products.values()].filter((p) => p.status === 'STATUS_ONSALE');
      return htmlResponse(
        200,
        page(
          `@${this.seller.username}`,
          'Depop',
          html`<div class="card">
            <h1>@${this.seller.username}</h1>
            <p>${onSale.length} item${onSale.length === 1 ? '' : 's'} on sale</p>
            <ul>
              ${onSale.map(
                (p) =>
                  html`<li>
                    <a href="${this.context.productUrl(ctx.baseUrl, p.slug)}">${p.slug}</a>
                  </li>`,
              )}
            </ul>
          </div>`,
        ),
      );
    });
  }
}

export function createDepopEmulator(options: DepopEmulatorOptions = {}): Promise<DepopEmulator> {
  return DepopEmulator.create(options);
}
