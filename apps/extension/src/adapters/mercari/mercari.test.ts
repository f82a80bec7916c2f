import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mercariReplica } from '@listloop/emulators';
import { photoFile } from '../../page/photos';
import { fakePhoto, jpegPhoto, openReplica, type ReplicaSession } from '../replica-test-kit';
import { mercari } from './index';
import { makeDriver } from './driver';
import { facts } from './facts';

const built = (overrides: Partial<BuiltListingInput> = {}) =>
  BuiltListingSchema.parse({
    marketplace: 'mercari',
    title: 'Zelda: Tears of the Kingdom for Switch',
    description: 'Played once, case and insert included.',
    price: 45,
    quantity: 1,
    condition: 'like_new',
    brand: 'Nintendo',
    category: 'Electronics > Video Games & Consoles > Video Games',
    weight: { pounds: 0, ounces: 6 },
    shipping: { service: 'prepaid' },
    ...overrides,
  });

describe('Mercari mapping', () => {
  it('maps the built listing onto the form’s fields, with the prepaid label', () => {
    expect(mercari.map(built())).toEqual({
      ok: true,
      values: {
        title: 'Zelda: Tears of the Kingdom for Switch',
        description: 'Played once, case and insert included.',
        category: 'Electronics > Video Games & Consoles > Video Games',
        brand: 'Nintendo',
        condition: 'Like new',
        shipping: 'Prepaid label',
        weightPounds: '0',
        weightOunces: '6',
        shippingPayer: 'No',
        shippingFee: null,
        price: '45',
      },
    });
  });

  it('ships on the seller’s own for the price the buyer pays, and names no brand when there is none', () => {
    const mapped = mercari.map(
      built({ brand: '', weight: null, shipping: { service: 'Ship on your own', price: 5.5 } }),
    );
    expect(mapped).toMatchObject({
      ok: true,
      values: {
        brand: null,
        shipping: 'Ship on your own',
        weightPounds: null,
        shippingPayer: null,
        shippingFee: '5.50',
      },
    });
    // A weight of 20 oz is 1 lb 4 oz on the label; a free label is the seller's to pay.
    expect(
      mercari.map(built({ weight: { pounds: 0, ounces: 20 }, shipping: { price: 0 } })),
    ).toMatchObject({
      ok: true,
      values: { weightPounds: '1', weightOunces: '4', shippingPayer: 'Yes (Recommended)' },
    });
  });

  it('refuses a quantity above 1, which a Mercari listing cannot carry', () => {
    expect(mercari.map(built({ quantity: 3 }))).toEqual({
      ok: false,
      message:
        'Mercari lists one item at a time, and this listing has a quantity of 3. Set the quantity to 1 for Mercari and list the others separately.',
    });
    expect(mercari.map(built({ quantity: 0 }))).toMatchObject({ ok: false });
  });

  it('refuses what the form would refuse, in the seller’s terms', () => {
    expect(mercari.map(built({ category: null, condition: null }))).toEqual({
      ok: false,
      message: 'Mercari needs a Mercari category, a condition to list this item.',
    });
    expect(mercari.map(built({ price: 45.5 }))).toEqual({
      ok: false,
      message: 'Mercari takes whole-dollar prices; 45.50 has cents. Set a whole price for Mercari.',
    });
    expect(mercari.map(built({ price: 2500 }))).toEqual({
      ok: false,
      message: 'Mercari prices run from $1 to $2,000.',
    });
    expect(mercari.map(built({ title: 'x'.repeat(81) }))).toEqual({
      ok: false,
      message: 'Mercari titles are at most 80 characters.',
    });
    expect(mercari.map(built({ description: 'x'.repeat(1001) }))).toEqual({
      ok: false,
      message: 'Mercari descriptions are at most 1,000 characters.',
    });
    expect(mercari.map(built({ condition: 'nwt' }))).toMatchObject({ ok: false });
    expect(mercari.map(built({ currency: 'EUR' }))).toMatchObject({ ok: false });
    expect(mercari.map(built({ category: 'Electronics > Video Games & Consoles' }))).toEqual({
      ok: false,
      message:
        'Mercari categories have three levels, like “Electronics > Video Games & Consoles > Video Games”; “Electronics > Video Games & Consoles” has 2.',
    });
  });

  it('refuses shipping Mercari does not offer, or cannot price', () => {
    expect(mercari.map(built({ shipping: { service: 'USPS Priority' } }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('“USPS Priority” is neither'),
    });
    expect(mercari.map(built({ weight: null }))).toEqual({
      ok: false,
      message: 'Mercari’s prepaid label needs the package weight; add the item’s weight.',
    });
    expect(mercari.map(built({ shipping: { service: 'own' } }))).toMatchObject({ ok: false });
    expect(mercari.map(built({ weight: null, shipping: {} }))).toMatchObject({ ok: false });
  });
});

type MercariReplica = ReturnType<typeof mercariReplica>;

describe('Mercari page driver on the replica', () => {
  let site: MercariReplica;
  let session: ReplicaSession;
  beforeEach(async () => {
    site = mercariReplica();
    site.state.requireSignIn = false;
    session = await openReplica(site);
  });
  afterEach(() => session.close());

  const values = (overrides: Partial<BuiltListingInput> = {}) => {
    const mapped = mercari.map(built(overrides));
    if (!mapped.ok) throw new Error(mapped.message);
    return mapped.values;
  };

  const list = async (overrides: Partial<BuiltListingInput> = {}) => {
    const doc = await session.open(mercari.site.sell);
    expect(await mercari.driver.recognise(doc)).toBe('sell_form');
    const answer = await mercari.driver.fill(doc, values(overrides), [photoFile(doc, jpegPhoto())]);
    expect(answer.result).toEqual({ kind: 'submitted' });
    return mercari.driver.readListed(await session.submit(answer.afterReply));
  };

  it('lists: fills every field, attaches the photo, and reads the id off the confirmation', async () => {
    const result = await list();
    expect(result).toMatchObject({ kind: 'listed', listedID: expect.stringMatching(/^m\d{11}$/) });
    if (result.kind !== 'listed') return;
    const stored = site.state.listings.get(result.listedID)!;
    expect(stored.fields).toMatchObject({
      sellName: 'Zelda: Tears of the Kingdom for Switch',
      sellDescription: 'Played once, case and insert included.',
      sellCategory: 'Electronics > Video Games & Consoles > Video Games',
      sellBrand: 'Nintendo',
      sellCondition: '2',
      deliveryOptions: 'MERCARI',
      itemWeightPounds: '0',
      itemWeightOunces: '6',
      shippingPayer: 'No',
      sellPrice: '45',
    });
    expect(stored.photos).toEqual([{ name: 'photo-1.jpg', type: 'image/jpeg', size: 10 }]);
    expect(result.listingURL).toBe(`${session.replica.url}/us/item/${result.listedID}/`);
  });

  it('lists with shipping on the seller’s own and no brand', async () => {
    const result = await list({
      brand: '',
      weight: null,
      shipping: { service: 'ship on your own', price: 6 },
    });
    if (result.kind !== 'listed') throw new Error(`not listed: ${JSON.stringify(result)}`);
    expect(site.state.listings.get(result.listedID)!.fields).toMatchObject({
      sellBrand: '',
      deliveryOptions: 'SHIP_ON_YOUR_OWN',
      shippingFee: '6',
    });
  });

  it('delists from the edit form and sees it gone', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const doc = await session.open(mercari.site.edit(listed.listedID));
    const answer = await mercari.driver.delist(doc, listed.listedID);
    expect(answer.result).toEqual({ kind: 'submitted' });
    const after = await session.submit(answer.afterReply);
    expect(await mercari.driver.readDelisted(after, listed.listedID)).toEqual({
      kind: 'delisted',
    });
    expect(site.state.listings.get(listed.listedID)!.status).toBe('deleted');
  });

  it('updates the price on the edit form', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const doc = await session.open(mercari.site.edit(listed.listedID));
    const answer = await mercari.driver.update(doc, { ...values(), price: '39' });
    expect(answer.result).toEqual({ kind: 'submitted' });
    expect(await mercari.driver.readUpdated(await session.submit(answer.afterReply))).toEqual({
      kind: 'updated',
    });
    expect(site.state.listings.get(listed.listedID)!.fields.sellPrice).toBe('39');
  });

  it('reads a sale off the in-progress list, known by its item', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    site.state.sell(listed.listedID);
    const result = await mercari.driver.readSold(await session.open(mercari.site.sold));
    expect(result).toEqual({
      kind: 'sold',
      sales: [
        {
          externalOrderId: listed.listedID,
          listedID: listed.listedID,
          title: 'Zelda: Tears of the Kingdom for Switch',
          price: 45,
          currency: 'USD',
          soldAt: null,
        },
      ],
    });
  });

  it('reports the form’s refusal in its own words, and lists nothing', async () => {
    const doc = await session.open(mercari.site.sell);
    const answer = await mercari.driver.fill(doc, values(), [photoFile(doc, fakePhoto())]);
    const result = await mercari.driver.readListed(await session.submit(answer.afterReply));
    expect(result).toEqual({
      kind: 'refused',
      message: 'Your item could not be listed. not-a-photo.jpg is not a photo.',
    });
    expect(site.state.creates).toBe(0);
  });

  it('refuses a brand Mercari’s list does not offer', async () => {
    const doc = await session.open(mercari.site.sell);
    const answer = await mercari.driver.fill(doc, values({ brand: 'Acme Games' }), []);
    expect(answer.result).toEqual({
      kind: 'refused',
      message: 'Mercari does not offer “Acme Games” for brand.',
    });
    expect(site.state.creates).toBe(0);
  });

  describe('stops, and hands the operation to the seller', () => {
    it('on a captcha (and not on the invisible reCAPTCHA every sell form carries)', async () => {
      site.state.captcha = true;
      const doc = await session.open(mercari.site.sell);
      expect((await mercari.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'captcha',
        detail: null,
      });
    });

    it('on the sign-in page', async () => {
      site.state.requireSignIn = true;
      const doc = await session.open(mercari.site.sell);
      expect((await mercari.driver.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
      expect(await mercari.driver.readSold(await session.open(mercari.site.sold))).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
    });

    it('on a layout it does not know', async () => {
      site.state.layout = 'changed';
      // The page renders nothing known: the driver waits its render timeout, shortened here.
      const impatient = makeDriver({ ...facts, renderTimeoutMs: 300 });
      const doc = await session.open(mercari.site.sell);
      expect((await impatient.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'unknown_layout',
      });
      expect(site.state.creates).toBe(0);
    });

    it('when the site blocks new listings', async () => {
      site.state.blocked = 'You’ve reached your listing limit. Sell an item to list more.';
      const doc = await session.open(mercari.site.sell);
      expect((await mercari.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'blocked',
        detail: 'You’ve reached your listing limit. Sell an item to list more.',
      });
    });
  });
});
