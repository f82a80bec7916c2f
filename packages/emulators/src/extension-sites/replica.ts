import crypto from 'node:crypto';

/**
 * A replica site: our model of one marketplace's seller pages, built from what is publicly
 * known of them (each site's file says what), served by `startReplicaSite`. The extension's
 * page drivers are tested against these pages; the end-to-end tests reach them under the
 * marketplaces' own host names. They are a model, not the site: where the site changes, the
 * adapter's facts and its replica change together.
 */

export interface ReplicaPhoto {
  name: string;
  type: string;
  size: number;
}

export interface ReplicaListing {
  id: string;
  /** Every form field as submitted (repeated fields as arrays). */
  fields: Record<string, string | string[]>;
  photos: ReplicaPhoto[];
  status: 'active' | 'deleted' | 'sold';
  createdAt: Date;
  updatedAt: Date;
}

export interface ReplicaSale {
  orderId: string;
  listingId: string;
  title: string;
  price: number;
  soldAt: Date;
}

/** One value of a submitted form field, or the first of several. */
export function fieldOf(listing: ReplicaListing, name: string): string {
  const value = listing.fields[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/**
 * The replica's world, which tests read and steer: what was listed, what sold, and whether the
 * site shows its captcha, a changed layout or a block, or asks the visitor to sign in.
 */
export class ReplicaState {
  /** Every seller page answers the site's human check. */
  captcha = false;
  /** The sell form comes in a layout the adapter does not know (the site changed). */
  layout: 'known' | 'changed' = 'known';
  /** The site refuses new listings with this message (a cap or a velocity block). */
  blocked: string | null = null;
  /**
   * Whether seller pages need a signed-in visitor (a session cookie from the sign-in page).
   * Unit tests of page drivers turn it off; the end-to-end tests sign in as a person does.
   */
  requireSignIn = true;
  readonly sessions = new Set<string>();
  readonly listings = new Map<string, ReplicaListing>();
  readonly sales: ReplicaSale[] = [];
  /** Listings created, ever: the "carried out once, never twice" checks count these. */
  creates = 0;
  /**
   * Awaited before a listing is created, when set: a test holds a submitted form in flight
   * (a slow upload) to do something meanwhile, such as stopping the extension's worker.
   */
  beforeCreate: (() => Promise<void>) | null = null;

  /**
   * @param newListingId the site's listing id format; it is given the listing's fields, as some
   *   sites make the id from the listing's own words (Depop's slug)
   * @param names the form fields that hold a listing's title and price on this site
   */
  constructor(
    private readonly newListingId: (fields: Record<string, string | string[]>) => string,
    private readonly names: { title: string; price: string } = { title: 'title', price: 'price' },
  ) {}

  openSession(): string {
    const session = crypto.randomBytes(16).toString('hex');
    this.sessions.add(session);
    return session;
  }

  signOutEveryone(): void {
    this.sessions.clear();
  }

  create(fields: Record<string, string | string[]>, photos: ReplicaPhoto[]): ReplicaListing {
    const now = new Date();
    const listing: ReplicaListing = {
      id: this.newListingId(fields),
      fields,
      photos,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    };
    this.listings.set(listing.id, listing);
    this.creates += 1;
    return listing;
  }

  /** The listing a page's address or a form names, if there is one. */
  find(id: string | null | undefined): ReplicaListing | undefined {
    return id ? this.listings.get(id) : undefined;
  }

  /**
   * The seller deletes a listing: only one still for sale goes (a sold one stays in the sales).
   * Returns the listing that went, so a site can forget what else it kept about it.
   */
  delete(id: string | undefined): ReplicaListing | undefined {
    const listing = this.find(id);
    if (!listing || listing.status !== 'active') return undefined;
    listing.status = 'deleted';
    return listing;
  }

  active(): ReplicaListing[] {
    return [...this.listings.values()].filter((l) => l.status === 'active');
  }

  /** A buyer buys the listing: it leaves the shop and its order joins the sold list. */
  sell(listingId: string, options: { at?: Date } = {}) {
    const listing = this.listings.get(listingId);
    if (!listing || listing.status !== 'active') {
      throw new Error(`Replica: listing ${listingId} is not for sale.`);
    }
    listing.status = 'sold';
    const sale: ReplicaSale = {
      orderId: crypto.randomBytes(12).toString('hex'),
      listingId,
      title: fieldOf(listing, this.names.title),
      price: Number(fieldOf(listing, this.names.price)) || 0,
      soldAt: options.at ?? new Date(),
    };
    this.sales.unshift(sale);
    return sale;
  }
}

/** A 24-hex-digit id, the shape of the MongoDB-style ids several of these sites use. */
export const hexId = () => crypto.randomBytes(12).toString('hex');
/** A numeric id of `digits` digits, not starting with 0. */
export const numericId = (digits: number) => () =>
  String(crypto.randomInt(1, 10)) +
  Array.from({ length: digits - 1 }, () => crypto.randomInt(0, 10)).join('');
