import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import type { ReplicaSite } from '@listloop/emulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { depopReplica } from '@listloop/emulators';
import { photoFile } from '../../page/photos';
import { fakePhoto, jpegPhoto, openReplica, type ReplicaSession } from '../replica-test-kit';
import { depop } from './index';
import { makeDriver } from './driver';
import { facts } from './facts';
import { depopText } from './mapping';

const built = (overrides: Partial<BuiltListingInput> = {}) =>
  BuiltListingSchema.parse({
    marketplace: 'depop',
    title: 'Levi’s 501 straight jeans',
    description: 'Classic fit, barely worn.',
    price: 45,
    condition: 'used_excellent',
    brand: 'Levi’s',
    category: 'Bottoms > Jeans',
    size: '52:10',
    colour: 'Blue, gray',
    photos: ['https://img.example/1.jpg'],
    tags: ['vintage', 'denim'],
    shipping: { price: 5 },
    extra: { department: 'menswear' },
    ...overrides,
  });

describe('Depop mapping', () => {
  it('maps the built listing onto the form’s fields, the title opening the description', () => {
    const mapped = depop.map(built());
    expect(mapped).toEqual({
      ok: true,
      values: {
        description: 'Levi’s 501 straight jeans\n\nClassic fit, barely worn.\n\n#vintage #denim',
        department: 'Men',
        group: 'Bottoms',
        productType: 'Jeans',
        size: 'M',
        brand: 'Levi’s',
        condition: 'Used - Excellent',
        colours: ['Blue', 'Grey'],
        price: '45.00',
        shipping: 'Ship it yourself',
        packageSize: null,
        shippingPrice: '5.00',
      },
    });
  });

  it('reads the Seller API’s product types, shoe sizes and Depop Shipping', () => {
    const mapped = depop.map(
      built({
        category: 'trainers',
        size: '60:109',
        shipping: { price: null },
        extra: { department: 'womenswear', depopShipping: { parcel_size_id: 'SMALL' } },
      }),
    );
    expect(mapped).toMatchObject({
      ok: true,
      values: {
        department: 'Women',
        group: 'Footwear',
        productType: 'Trainers',
        size: 'US 9',
        shipping: 'Depop Shipping',
        packageSize: 'Small (under 12 oz)',
        shippingPrice: null,
      },
    });
  });

  it('does not repeat a title the description already opens with', () => {
    expect(
      depopText(built({ description: 'Levi’s 501 straight jeans, classic fit.', tags: [] })),
    ).toBe('Levi’s 501 straight jeans, classic fit.');
  });

  it('refuses what the form would refuse, in the seller’s terms', () => {
    expect(depop.map(built({ category: null, shipping: { price: null }, photos: [] }))).toEqual({
      ok: false,
      message:
        'Depop needs a photo, a Depop category, a shipping price or a Depop Shipping package size to list this item.',
    });
    expect(depop.map(built({ extra: {} }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('a department'),
    });
    expect(depop.map(built({ price: 0.5 }))).toEqual({
      ok: false,
      message: 'Depop prices start at 1.00 USD.',
    });
    expect(depop.map(built({ description: 'x'.repeat(1000) }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('at most 1000 characters'),
    });
    expect(depop.map(built({ description: '#a #b #c #d #e #f', tags: [] }))).toEqual({
      ok: false,
      message: 'Depop takes at most 5 hashtags in a description; this one has 6.',
    });
    expect(depop.map(built({ description: 'Write to me@example.com' }))).toMatchObject({
      ok: false,
    });
    expect(depop.map(built({ condition: 'nwt' }))).toMatchObject({ ok: false });
    expect(depop.map(built({ category: 'Widgets' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('“Widgets”'),
    });
    expect(depop.map(built({ colour: 'Red, Blue, Green' }))).toEqual({
      ok: false,
      message: 'Depop takes at most 2 colours.',
    });
    expect(depop.map(built({ colour: 'Chartreuse' }))).toMatchObject({ ok: false });
    expect(depop.map(built({ currency: 'EUR' }))).toMatchObject({ ok: false });
    expect(depop.map(built({ quantity: 3 }))).toMatchObject({ ok: false });
  });
});

const newReplica = (): ReplicaSite => depopReplica();

describe('Depop page driver on the replica', () => {
  let site: ReplicaSite;
  let session: ReplicaSession;
  beforeEach(async () => {
    site = newReplica();
    site.state.requireSignIn = false;
    session = await openReplica(site);
  });
  afterEach(() => session.close());

  const values = (overrides: Partial<BuiltListingInput> = {}) => {
    const mapped = depop.map(built(overrides));
    if (!mapped.ok) throw new Error(mapped.message);
    return mapped.values;
  };

  const list = async (overrides: Partial<BuiltListingInput> = {}) => {
    const doc = await session.open(depop.site.sell);
    expect(await depop.driver.recognise(doc)).toBe('sell_form');
    const answer = await depop.driver.fill(doc, values(overrides), [photoFile(doc, jpegPhoto())]);
    expect(answer.result).toEqual({ kind: 'submitted' });
    return depop.driver.readListed(await session.submit(answer.afterReply));
  };

  it('lists: fills every field, attaches the photo, posts and reads the slug back', async () => {
    const result = await list();
    expect(result).toMatchObject({ kind: 'listed' });
    if (result.kind !== 'listed') return;
    expect(result.listedID).toMatch(/^replica_seller-levi-s-501-straight-jeans-[0-9a-f]{4}$/);
    const stored = site.state.listings.get(result.listedID)!;
    expect(stored.fields).toMatchObject({
      description: 'Levi’s 501 straight jeans\n\nClassic fit, barely worn.\n\n#vintage #denim',
      department: 'Men',
      group: 'Bottoms',
      productType: 'Jeans',
      size: 'M',
      brand: 'Levi’s',
      condition: 'Used - Excellent',
      colour: ['Blue', 'Grey'],
      priceAmount: '45.00',
      shipping: 'Ship it yourself',
      nationalShippingCost: '5.00',
    });
    expect(stored.photos).toEqual([{ name: 'photo-1.jpg', type: 'image/jpeg', size: 10 }]);
    // The form opens the seller's /manage/ view; the listing's address is its product page.
    expect(session.doc().location.pathname).toBe(`/products/${result.listedID}/manage/`);
    expect(result.listingURL).toBe(`${session.replica.url}/products/${result.listedID}/`);
  });

  it('lists with Depop Shipping and its package size', async () => {
    const result = await list({
      shipping: { price: null },
      extra: { department: 'menswear', depopShipping: { parcel_size_id: 'MEDIUM' } },
    });
    if (result.kind !== 'listed') throw new Error(JSON.stringify(result));
    expect(site.state.listings.get(result.listedID)!.fields).toMatchObject({
      shipping: 'Depop Shipping',
      packageSize: 'Medium (under 1 lb)',
    });
  });

  it('delists from the listing’s page and sees it gone', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const doc = await session.open(depop.site.listing(listed.listedID));
    const answer = await depop.driver.delist(doc, listed.listedID);
    expect(answer.result).toEqual({ kind: 'submitted' });
    const after = await session.submit(answer.afterReply);
    expect(await depop.driver.readDelisted(after, listed.listedID)).toEqual({ kind: 'delisted' });
    expect(site.state.listings.get(listed.listedID)!.status).toBe('deleted');
  });

  it('updates the price on the edit form, keeping the rest', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const doc = await session.open(depop.site.edit(listed.listedID));
    expect(await depop.driver.recognise(doc)).toBe('edit_form');
    const answer = await depop.driver.update(doc, { ...values(), price: '39.00' });
    expect(answer.result).toEqual({ kind: 'submitted' });
    expect(await depop.driver.readUpdated(await session.submit(answer.afterReply))).toEqual({
      kind: 'updated',
    });
    expect(site.state.listings.get(listed.listedID)!.fields).toMatchObject({
      priceAmount: '39.00',
      productType: 'Jeans',
      size: 'M',
      colour: ['Blue', 'Grey'],
    });
  });

  it('reads a sale off the sold items', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const sale = site.state.sell(listed.listedID);
    const result = await depop.driver.readSold(await session.open(depop.site.sold));
    expect(result).toEqual({
      kind: 'sold',
      sales: [
        {
          externalOrderId: sale.orderId,
          listedID: listed.listedID,
          title: 'Levi’s 501 straight jeans',
          price: 45,
          currency: 'USD',
          // Depop shows the day of a sale only.
          soldAt: null,
        },
      ],
    });
  });

  it('reports the form’s refusal in its own words, and lists nothing', async () => {
    const doc = await session.open(depop.site.sell);
    const answer = await depop.driver.fill(doc, values(), [photoFile(doc, fakePhoto())]);
    const result = await depop.driver.readListed(await session.submit(answer.afterReply));
    expect(result).toEqual({ kind: 'refused', message: 'not-a-photo.jpg is not a photo.' });
    expect(site.state.creates).toBe(0);
  });

  it('reports a required size the form was not given, in the form’s words', async () => {
    const doc = await session.open(depop.site.sell);
    const answer = await depop.driver.fill(doc, { ...values(), size: null }, [
      photoFile(doc, jpegPhoto()),
    ]);
    const result = await depop.driver.readListed(await session.submit(answer.afterReply));
    expect(result).toEqual({ kind: 'refused', message: 'Choose a size.' });
    expect(site.state.creates).toBe(0);
  });

  it('refuses a size the product type does not offer', async () => {
    const doc = await session.open(depop.site.sell);
    expect((await depop.driver.fill(doc, { ...values(), size: '3XL' }, [])).result).toEqual({
      kind: 'refused',
      message: 'Depop does not offer “3XL” for size.',
    });
  });

  it('refuses a category the department does not have', async () => {
    const doc = await session.open(depop.site.sell);
    expect(
      (await depop.driver.fill(doc, { ...values(), department: 'Men', group: 'Dresses' }, []))
        .result,
    ).toEqual({ kind: 'refused', message: 'Depop does not offer “Men > Dresses” for category.' });
  });

  describe('stops, and hands the operation to the seller', () => {
    it('on a captcha', async () => {
      site.state.captcha = true;
      const doc = await session.open(depop.site.sell);
      expect((await depop.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'captcha',
        detail: null,
      });
    });

    it('on the sign-in page', async () => {
      site.state.requireSignIn = true;
      const doc = await session.open(depop.site.sell);
      expect(doc.location.pathname).toBe('/login/');
      expect((await depop.driver.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
      expect(await depop.driver.readSold(await session.open(depop.site.sold))).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
    });

    it('on a layout it does not know', async () => {
      site.state.layout = 'changed';
      // The page renders nothing known: the driver waits its render timeout, shortened here.
      const impatient = makeDriver({ ...facts, renderTimeoutMs: 300 });
      const doc = await session.open(depop.site.sell);
      expect((await impatient.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'unknown_layout',
      });
      expect(site.state.creates).toBe(0);
    });

    it('when Depop turns the browser away', async () => {
      site.state.blocked = 'If you think this is a mistake, let us know you were blocked.';
      const doc = await session.open(depop.site.sell);
      expect((await depop.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'blocked',
        detail: 'If you think this is a mistake, let us know you were blocked.',
      });
    });
  });

  it('never selects by the replica’s own attributes', () => {
    expect(
      JSON.stringify(facts, (_key, value: unknown) =>
        value instanceof RegExp ? String(value) : value,
      ),
    ).not.toContain('data-replica');
  });
});
