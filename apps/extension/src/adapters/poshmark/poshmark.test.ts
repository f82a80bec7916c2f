import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import { poshmarkReplica, type ReplicaSite } from '@listloop/emulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoFile } from '../../page/photos';
import { fakePhoto, jpegPhoto, openReplica, type ReplicaSession } from '../replica-test-kit';
import { poshmark } from './index';
import { makeDriver } from './driver';
import { facts } from './facts';

const built = (overrides: Partial<BuiltListingInput> = {}) =>
  BuiltListingSchema.parse({
    marketplace: 'poshmark',
    title: 'Levi’s 501 straight jeans',
    description: 'Classic fit, barely worn.',
    price: 45,
    originalPrice: 98,
    condition: 'not_nwt',
    brand: 'Levi’s',
    category: 'Women > Jeans > Straight Leg',
    size: '30',
    colour: 'Blue',
    sku: 'SKU-501',
    ...overrides,
  });

describe('Poshmark mapping', () => {
  it('maps the built listing onto the form’s fields', () => {
    const mapped = poshmark.map(built({ condition: 'nwt', colour: 'Blue, White' }));
    expect(mapped).toEqual({
      ok: true,
      values: expect.objectContaining({
        tags: 'Yes',
        colours: ['Blue', 'White'],
        price: '45',
        originalPrice: '98',
        category: 'Women > Jeans > Straight Leg',
      }),
    });
  });

  it('refuses what the form would refuse, in the seller’s terms', () => {
    expect(poshmark.map(built({ price: 45.5 }))).toEqual({
      ok: false,
      message:
        'Poshmark takes whole-dollar prices; 45.50 has cents. Set a whole price for Poshmark.',
    });
    expect(poshmark.map(built({ price: 2 }))).toMatchObject({ ok: false });
    expect(poshmark.map(built({ size: '', category: null }))).toEqual({
      ok: false,
      message: 'Poshmark needs a Poshmark category, a size to list this item.',
    });
    expect(poshmark.map(built({ colour: 'Red, Blue, Green' }))).toMatchObject({ ok: false });
    expect(poshmark.map(built({ title: 'x'.repeat(81) }))).toMatchObject({ ok: false });
  });
});

describe('Poshmark page driver on the replica', () => {
  let site: ReplicaSite;
  let session: ReplicaSession;
  beforeEach(async () => {
    site = poshmarkReplica();
    site.state.requireSignIn = false;
    session = await openReplica(site);
  });
  afterEach(() => session.close());

  const values = () => {
    const mapped = poshmark.map(built());
    if (!mapped.ok) throw new Error(mapped.message);
    return mapped.values;
  };

  const list = async () => {
    const doc = await session.open(poshmark.site.sell);
    expect(await poshmark.driver.recognise(doc)).toBe('sell_form');
    const answer = await poshmark.driver.fill(doc, values(), [photoFile(doc, jpegPhoto())]);
    expect(answer.result).toEqual({ kind: 'submitted' });
    return poshmark.driver.readListed(await session.submit(answer.afterReply));
  };

  it('lists: fills every field, attaches the photo, publishes and reads the id back', async () => {
    const result = await list();
    expect(result).toMatchObject({ kind: 'listed' });
    if (result.kind !== 'listed') return;
    const stored = site.state.listings.get(result.listedID)!;
    expect(stored.fields).toMatchObject({
      title: 'Levi’s 501 straight jeans',
      category: 'Women > Jeans > Straight Leg',
      size: '30',
      brand: 'Levi’s',
      nwt: 'no',
      colors: 'Blue',
      listingPrice: '45',
      originalPrice: '98',
      sku: 'SKU-501',
    });
    expect(stored.photos).toEqual([{ name: 'photo-1.jpg', type: 'image/jpeg', size: 10 }]);
    expect(result.listingURL).toBe(
      `${session.replica.url}/listing/Levi-s-501-straight-jeans-${result.listedID}`,
    );
  });

  it('delists from the edit form and sees it gone', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const doc = await session.open(poshmark.site.edit(listed.listedID));
    const answer = await poshmark.driver.delist(doc, listed.listedID);
    expect(answer.result).toEqual({ kind: 'submitted' });
    const after = await session.submit(answer.afterReply);
    expect(await poshmark.driver.readDelisted(after, listed.listedID)).toEqual({
      kind: 'delisted',
    });
    expect(site.state.listings.get(listed.listedID)!.status).toBe('deleted');
  });

  it('updates the price on the edit form', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const doc = await session.open(poshmark.site.edit(listed.listedID));
    const answer = await poshmark.driver.update(doc, { ...values(), price: '39' });
    expect(answer.result).toEqual({ kind: 'submitted' });
    expect(await poshmark.driver.readUpdated(await session.submit(answer.afterReply))).toEqual({
      kind: 'updated',
    });
    expect(site.state.listings.get(listed.listedID)!.fields.listingPrice).toBe('39');
  });

  it('reads a sale off the sold list', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const sale = site.state.sell(listed.listedID);
    const result = await poshmark.driver.readSold(await session.open(poshmark.site.sold));
    expect(result).toEqual({
      kind: 'sold',
      sales: [
        {
          externalOrderId: sale.orderId,
          listedID: listed.listedID,
          title: 'Levi’s 501 straight jeans',
          price: 45,
          currency: 'USD',
          soldAt: sale.soldAt.toISOString(),
        },
      ],
    });
  });

  it('reports the form’s refusal in its own words, and lists nothing', async () => {
    const doc = await session.open(poshmark.site.sell);
    const answer = await poshmark.driver.fill(doc, values(), [photoFile(doc, fakePhoto())]);
    const result = await poshmark.driver.readListed(await session.submit(answer.afterReply));
    expect(result).toEqual({ kind: 'refused', message: 'not-a-photo.jpg is not a photo.' });
    expect(site.state.creates).toBe(0);
  });

  it('refuses a size the category does not offer', async () => {
    const doc = await session.open(poshmark.site.sell);
    const answer = await poshmark.driver.fill(doc, { ...values(), size: '3XL' }, []);
    expect(answer.result).toEqual({
      kind: 'refused',
      message: 'Poshmark does not offer “3XL” for size.',
    });
  });

  describe('stops, and hands the operation to the seller', () => {
    it('on a captcha', async () => {
      site.state.captcha = true;
      const doc = await session.open(poshmark.site.sell);
      expect((await poshmark.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'captcha',
        detail: null,
      });
    });

    it('on the sign-in page', async () => {
      site.state.requireSignIn = true;
      const doc = await session.open(poshmark.site.sell);
      expect((await poshmark.driver.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
      expect(await poshmark.driver.readSold(await session.open(poshmark.site.sold))).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
    });

    it('on a layout it does not know', async () => {
      site.state.layout = 'changed';
      // The page renders nothing known: the driver waits its render timeout, shortened here.
      const impatient = makeDriver({ ...facts, renderTimeoutMs: 300 });
      const doc = await session.open(poshmark.site.sell);
      expect((await impatient.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'unknown_layout',
      });
      expect(site.state.creates).toBe(0);
    });

    it('when the site blocks new listings', async () => {
      site.state.blocked = 'You have reached the daily listing limit.';
      const doc = await session.open(poshmark.site.sell);
      expect((await poshmark.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'blocked',
        detail: 'You have reached the daily listing limit.',
      });
    });
  });
});
