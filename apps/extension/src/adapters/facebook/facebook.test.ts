import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { facebookReplica, type ReplicaSite } from '@listloop/emulators';
import { press } from '../../page/dom';
import { photoFile } from '../../page/photos';
import { fakePhoto, jpegPhoto, openReplica, type ReplicaSession } from '../replica-test-kit';
import { makeDriver } from './driver';
import { facts, optionalFields, site as facebookSite } from './facts';
import { facebook } from './index';

const built = (overrides: Partial<BuiltListingInput> = {}) =>
  BuiltListingSchema.parse({
    marketplace: 'facebook',
    title: 'Levi’s 501 straight jeans',
    description: 'Classic fit, barely worn.\nPick up in Brooklyn.',
    price: 45,
    condition: 'used',
    brand: 'Levi’s',
    category: 'Clothing, Shoes & Accessories > Men’s Clothing > Jeans',
    photos: ['https://photos.example/levis-1.jpg'],
    ...overrides,
  });

describe('Facebook mapping', () => {
  it('maps the built listing onto the form’s fields, in Facebook’s words', () => {
    expect(facebook.map(built())).toEqual({
      ok: true,
      values: {
        title: 'Levi’s 501 straight jeans',
        price: '45',
        category: 'Clothing, Shoes & Accessories > Men’s Clothing > Jeans',
        condition: 'Used – good',
        brand: 'Levi’s',
        description: 'Classic fit, barely worn.\nPick up in Brooklyn.',
      },
    });
    expect(facebook.map(built({ condition: 'new' }))).toMatchObject({
      values: { condition: 'New' },
    });
    expect(facebook.map(built({ condition: 'used_fair' }))).toMatchObject({
      values: { condition: 'Used – fair' },
    });
  });

  it('refuses what the form would refuse, in the seller’s terms', () => {
    expect(facebook.map(built({ price: 45.5 }))).toEqual({
      ok: false,
      message: 'Facebook takes whole prices; 45.50 has cents. Set a whole price for Facebook.',
    });
    expect(facebook.map(built({ category: null, condition: null }))).toEqual({
      ok: false,
      message: 'Facebook needs a Facebook category, a condition to list this item.',
    });
    expect(facebook.map(built({ photos: [] }))).toEqual({
      ok: false,
      message: 'Facebook needs a photo to list this item.',
    });
    expect(facebook.map(built({ title: 'x'.repeat(201) }))).toEqual({
      ok: false,
      message: 'Facebook titles are at most 200 characters.',
    });
    expect(facebook.map(built({ description: 'x'.repeat(10_000) }))).toMatchObject({ ok: false });
    expect(facebook.map(built({ description: '<p>Classic fit</p>' }))).toMatchObject({
      ok: false,
    });
    expect(facebook.map(built({ price: 0 }))).toMatchObject({ ok: false });
    expect(facebook.map(built({ condition: 'nwt' }))).toEqual({
      ok: false,
      message: 'Facebook has no condition “nwt”; choose New or Used for Facebook.',
    });
  });

  it('selects by what Facebook’s pages carry, never by the replica’s wiring', () => {
    const selectors = JSON.stringify({ facts, optionalFields }, (_key, value: unknown) =>
      value instanceof RegExp ? value.source : value,
    );
    expect(selectors).not.toContain('data-replica');
    expect(facebookSite.listing('607045782404836')).toBe('/marketplace/item/607045782404836/');
  });
});

describe('Facebook page driver on the replica', () => {
  let site: ReplicaSite;
  let session: ReplicaSession;
  beforeEach(async () => {
    site = facebookReplica();
    site.state.requireSignIn = false;
    session = await openReplica(site);
  });
  afterEach(() => session.close());

  const values = (overrides: Partial<BuiltListingInput> = {}) => {
    const mapped = facebook.map(built(overrides));
    if (!mapped.ok) throw new Error(mapped.message);
    return mapped.values;
  };

  const list = async (overrides: Partial<BuiltListingInput> = {}, driver = facebook.driver) => {
    const doc = await session.open(facebook.site.sell);
    expect(await driver.recognise(doc)).toBe('sell_form');
    const answer = await driver.fill(doc, values(overrides), [photoFile(doc, jpegPhoto())]);
    expect(answer.result).toEqual({ kind: 'submitted' });
    return session.submit(answer.afterReply);
  };

  const listed = async (overrides: Partial<BuiltListingInput> = {}) => {
    const result = await facebook.driver.readListed(await list(overrides));
    if (result.kind !== 'listed') throw new Error(`not listed: ${JSON.stringify(result)}`);
    return result;
  };

  it('lists: fills every field, attaches the photo, publishes and finds the new listing', async () => {
    // An older listing of another title is on the seller's listings already.
    await listed({ title: 'Oak side table', category: 'Furniture > Tables', brand: '' });
    const result = await listed();
    const stored = site.state.listings.get(result.listedID)!;
    expect(stored.fields).toMatchObject({
      title: 'Levi’s 501 straight jeans',
      price: '45',
      category: 'Clothing, Shoes & Accessories > Men’s Clothing > Jeans',
      condition: 'Used – good',
      brand: 'Levi’s',
      description: 'Classic fit, barely worn.\nPick up in Brooklyn.',
      location: 'Brooklyn, New York',
    });
    expect(stored.photos).toEqual([{ name: 'photo-1.jpg', type: 'image/jpeg', size: 10 }]);
    expect(result.listedID).toMatch(/^\d{15}$/);
    expect(result.listingURL).toBe(`${session.replica.url}/marketplace/item/${result.listedID}/`);
  });

  it('leaves out the brand where the category does not ask for one', async () => {
    const result = await listed({ title: 'Oak side table', category: 'Furniture > Tables' });
    const stored = site.state.listings.get(result.listedID)!;
    expect(stored.fields.category).toBe('Furniture > Tables');
    expect(stored.fields).not.toHaveProperty('brand');
  });

  it('does not guess which listing is new when it does not know the title it sent', async () => {
    // Another driver (a content script that did not send the form) reads the listings.
    const after = await list({}, makeDriver(facts));
    expect(await makeDriver(facts).readListed(after)).toMatchObject({
      kind: 'stop',
      reason: 'unknown_layout',
    });
    expect(site.state.creates).toBe(1);
  });

  it('finds the new listing by the title the step brings, after a full page load', async () => {
    // The page that sent the form was replaced: a new content script, told what was sent.
    const after = await list({}, makeDriver(facts));
    const result = await makeDriver(facts).readListed(after, values());
    expect(result).toMatchObject({ kind: 'listed' });
    if (result.kind === 'listed') {
      expect(site.state.listings.get(result.listedID)!.fields.title).toBe(
        'Levi’s 501 straight jeans',
      );
    }
  });

  it('does not guess between two live listings of the title it sent', async () => {
    await listed();
    const after = await list({}, makeDriver(facts));
    expect(await makeDriver(facts).readListed(after, values())).toMatchObject({
      kind: 'stop',
      reason: 'unknown_layout',
      detail: expect.stringContaining('more than one listing titled'),
    });
  });

  it('delists from the listing’s page and sees it leave the seller’s listings', async () => {
    const { listedID } = await listed();
    const doc = await session.open(facebook.site.listing(listedID));
    const answer = await facebook.driver.delist(doc, listedID);
    expect(answer.result).toEqual({ kind: 'submitted' });
    const after = await session.submit(answer.afterReply);
    expect(await facebook.driver.readDelisted(after, listedID)).toEqual({ kind: 'delisted' });
    expect(site.state.listings.get(listedID)!.status).toBe('deleted');
  });

  it('updates the price on the edit form', async () => {
    const { listedID } = await listed();
    const doc = await session.open(facebook.site.edit(listedID));
    const answer = await facebook.driver.update(doc, { ...values(), price: '39' });
    expect(answer.result).toEqual({ kind: 'submitted' });
    expect(await facebook.driver.readUpdated(await session.submit(answer.afterReply))).toEqual({
      kind: 'updated',
    });
    expect(site.state.listings.get(listedID)!.fields).toMatchObject({
      price: '39',
      condition: 'Used – good',
      brand: 'Levi’s',
    });
  });

  it('reads a sale, the listing its seller marked sold, off the sold filter', async () => {
    const { listedID } = await listed();
    await listed({ title: 'Oak side table', category: 'Furniture > Tables', brand: '' });
    const page = await session.open(facebook.site.listing(listedID));
    await session.submit(() => press(page.querySelector('[aria-label="Mark as sold"]')!));
    const result = await facebook.driver.readSold(await session.open(facebook.site.sold));
    expect(result).toEqual({
      kind: 'sold',
      sales: [
        {
          externalOrderId: listedID,
          listedID,
          title: 'Levi’s 501 straight jeans',
          price: 45,
          currency: 'USD',
          soldAt: null,
        },
      ],
    });
  });

  it('reports the form’s refusal in its own words, and lists nothing', async () => {
    const doc = await session.open(facebook.site.sell);
    const answer = await facebook.driver.fill(doc, values(), [photoFile(doc, fakePhoto())]);
    const result = await facebook.driver.readListed(await session.submit(answer.afterReply));
    expect(result).toEqual({ kind: 'refused', message: 'not-a-photo.jpg is not a photo.' });
    expect(site.state.creates).toBe(0);
  });

  it('refuses a category Facebook does not offer', async () => {
    const doc = await session.open(facebook.site.sell);
    const answer = await facebook.driver.fill(doc, { ...values(), category: 'Vehicles' }, []);
    expect(answer.result).toEqual({
      kind: 'refused',
      message: 'Facebook does not offer “Vehicles” for category.',
    });
    expect(site.state.creates).toBe(0);
  });

  describe('stops, and hands the operation to the seller', () => {
    it('on a checkpoint', async () => {
      site.state.captcha = true;
      const doc = await session.open(facebook.site.sell);
      expect((await facebook.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'captcha',
        detail: null,
      });
    });

    it('on the sign-in page', async () => {
      site.state.requireSignIn = true;
      const doc = await session.open(facebook.site.sell);
      expect((await facebook.driver.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
      expect(await facebook.driver.readSold(await session.open(facebook.site.sold))).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
    });

    it('on a layout it does not know', async () => {
      site.state.layout = 'changed';
      // The page renders nothing known: the driver waits its render timeout, shortened here.
      const impatient = makeDriver({ ...facts, renderTimeoutMs: 300 });
      const doc = await session.open(facebook.site.sell);
      expect((await impatient.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'unknown_layout',
      });
      expect(site.state.creates).toBe(0);
    });

    it('at a listing limit', async () => {
      site.state.blocked = 'You’ve reached your limit for listing items. Try again later.';
      const doc = await session.open(facebook.site.sell);
      expect((await facebook.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'blocked',
        detail: 'You’ve reached your limit for listing items. Try again later.',
      });
    });
  });
});
