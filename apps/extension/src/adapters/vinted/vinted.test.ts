import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vintedReplica } from '@listloop/emulators';
import { photoFile } from '../../page/photos';
import { fakePhoto, jpegPhoto, openReplica, type ReplicaSession } from '../replica-test-kit';
import { makeDriver } from './driver';
import { facts, multiSelects } from './facts';
import { vinted } from './index';

const built = (overrides: Partial<BuiltListingInput> = {}) =>
  BuiltListingSchema.parse({
    marketplace: 'vinted',
    title: 'Levi’s 501 straight jeans',
    description: 'Classic fit, barely worn.',
    price: 45,
    currency: 'USD',
    condition: 'very_good',
    brand: 'Levi’s',
    category: 'Women > Clothing > Jeans > Straight jeans',
    size: 'S / US 4-6',
    colour: 'Blue, White',
    shipping: { service: 'medium' },
    extra: { materials: ['Cotton', 'Elastane'] },
    ...overrides,
  });

describe('Vinted mapping', () => {
  it('maps the built listing onto the form’s fields', () => {
    expect(vinted.map(built())).toEqual({
      ok: true,
      values: {
        title: 'Levi’s 501 straight jeans',
        description: 'Classic fit, barely worn.',
        category: 'Women > Clothing > Jeans > Straight jeans',
        brand: 'Levi’s',
        size: 'S / US 4-6',
        condition: 'Very good',
        colours: ['Blue', 'White'],
        materials: ['Cotton', 'Elastane'],
        price: '45.00',
        parcelSize: 'Medium',
      },
    });
    expect(
      vinted.map(built({ condition: 'new_with_tags', extra: { material: 'Wool' } })),
    ).toMatchObject({ ok: true, values: { condition: 'New with tags', materials: ['Wool'] } });
  });

  it('refuses what the form would refuse, in the seller’s terms', () => {
    expect(vinted.map(built({ brand: '', shipping: { service: null } }))).toEqual({
      ok: false,
      message: 'Vinted needs a brand, a parcel size (Small, Medium or Large) to list this item.',
    });
    expect(vinted.map(built({ shipping: { service: 'Huge' } }))).toEqual({
      ok: false,
      message: 'Vinted’s parcel sizes are Small, Medium and Large; “Huge” is not one of them.',
    });
    expect(vinted.map(built({ colour: 'Red, Blue, Green' }))).toEqual({
      ok: false,
      message: 'Vinted takes at most 2 colours.',
    });
    expect(
      vinted.map(built({ extra: { materials: ['Cotton', 'Wool', 'Silk', 'Linen'] } })),
    ).toEqual({ ok: false, message: 'Vinted takes at most 3 materials.' });
    expect(vinted.map(built({ price: 0.5 }))).toEqual({
      ok: false,
      message: 'Vinted prices are from $1 to $9,000.',
    });
    expect(vinted.map(built({ price: 9000.01 }))).toMatchObject({ ok: false });
    expect(vinted.map(built({ currency: 'EUR' }))).toEqual({
      ok: false,
      message: 'Vinted.com takes prices in US dollars; this listing is priced in EUR.',
    });
    expect(vinted.map(built({ quantity: 3 }))).toEqual({
      ok: false,
      message: 'Vinted lists one item at a time; this listing has a quantity of 3.',
    });
    expect(vinted.map(built({ condition: 'nwt' }))).toEqual({
      ok: false,
      message: 'Vinted has no condition “nwt”.',
    });
    expect(vinted.map(built({ title: 'x'.repeat(101) }))).toMatchObject({ ok: false });
    expect(vinted.map(built({ description: 'x'.repeat(2001) }))).toMatchObject({ ok: false });
  });

  it('selects nothing by the replica’s own behaviour attributes', () => {
    expect(JSON.stringify({ facts, multiSelects }, (_, v: unknown) => String(v))).not.toMatch(
      /data-replica/,
    );
  });
});

type Site = ReturnType<typeof vintedReplica>;
const open = (site: Site) => openReplica(site);

describe('Vinted page driver on the replica', () => {
  let site: Site;
  let session: ReplicaSession;
  beforeEach(async () => {
    site = vintedReplica();
    site.state.requireSignIn = false;
    session = await open(site);
  });
  afterEach(() => session.close());

  const values = (overrides: Partial<BuiltListingInput> = {}) => {
    const mapped = vinted.map(built(overrides));
    if (!mapped.ok) throw new Error(mapped.message);
    return mapped.values;
  };

  const list = async () => {
    const doc = await session.open(vinted.site.sell);
    expect(await vinted.driver.recognise(doc)).toBe('sell_form');
    const answer = await vinted.driver.fill(doc, values(), [
      photoFile(doc, jpegPhoto()),
      photoFile(doc, jpegPhoto('photo-2.jpg')),
    ]);
    expect(answer.result).toEqual({ kind: 'submitted' });
    return vinted.driver.readListed(await session.submit(answer.afterReply));
  };

  const listed = async () => {
    const result = await list();
    if (result.kind !== 'listed') throw new Error(`not listed: ${JSON.stringify(result)}`);
    return result;
  };

  it('lists: fills every field, attaches the photos, uploads and reads the id back', async () => {
    const result = await list();
    expect(result).toMatchObject({ kind: 'listed' });
    if (result.kind !== 'listed') return;
    expect(result.listedID).toMatch(/^\d{11}$/);
    const stored = site.state.listings.get(result.listedID)!;
    expect(stored.fields).toMatchObject({
      title: 'Levi’s 501 straight jeans',
      description: 'Classic fit, barely worn.',
      catalog: 'Women > Clothing > Jeans > Straight jeans',
      brand: 'Levi’s',
      size: 'S / US 4-6',
      status: 'Very good',
      material: ['Cotton', 'Elastane'],
      price: '45.00',
      package_size_id: '2',
    });
    // The form sends colours in its list's order; which two, exactly, is what counts.
    expect([...stored.fields.color!].sort()).toEqual(['Blue', 'White']);
    expect(stored.photos).toEqual([
      { name: 'photo-1.jpg', type: 'image/jpeg', size: 10 },
      { name: 'photo-2.jpg', type: 'image/jpeg', size: 10 },
    ]);
    expect(result.listingURL).toBe(
      `${session.replica.url}/items/${result.listedID}-levi-s-501-straight-jeans`,
    );
  });

  it('delists from the item’s page and sees it gone from the wardrobe', async () => {
    const { listedID } = await listed();
    const doc = await session.open(vinted.site.listing(listedID));
    const answer = await vinted.driver.delist(doc, listedID);
    expect(answer.result).toEqual({ kind: 'submitted' });
    const after = await session.submit(answer.afterReply);
    expect(await vinted.driver.readDelisted(after, listedID)).toEqual({ kind: 'delisted' });
    expect(site.state.listings.get(listedID)!.status).toBe('deleted');
  });

  it('does not call a listing gone while the wardrobe still shows it', async () => {
    const { listedID } = await listed();
    const wardrobe = await session.open('/member/84512907');
    const impatient = makeDriver({ ...facts, renderTimeoutMs: 300 });
    expect(await impatient.readDelisted(wardrobe, listedID)).toMatchObject({
      kind: 'stop',
      reason: 'unknown_layout',
    });
  });

  it('updates the price on the edit form, keeping the ticked colours', async () => {
    const { listedID } = await listed();
    const doc = await session.open(vinted.site.edit(listedID));
    expect(await vinted.driver.recognise(doc)).toBe('edit_form');
    const answer = await vinted.driver.update(doc, { ...values(), price: '39.50' });
    expect(answer.result).toEqual({ kind: 'submitted' });
    expect(await vinted.driver.readUpdated(await session.submit(answer.afterReply))).toEqual({
      kind: 'updated',
    });
    const stored = site.state.listings.get(listedID)!;
    expect(stored.fields.price).toBe('39.50');
    expect([...stored.fields.color!].sort()).toEqual(['Blue', 'White']);
    expect(stored.fields.material).toEqual(['Cotton', 'Elastane']);
  });

  it('changes the ticked colours on the edit form to exactly the listing’s', async () => {
    const { listedID } = await listed();
    const doc = await session.open(vinted.site.edit(listedID));
    const answer = await vinted.driver.update(doc, { ...values(), colours: ['Black'] });
    await session.submit(answer.afterReply);
    expect(site.state.listings.get(listedID)!.fields.color).toBe('Black');
  });

  it('reads a sale off the sold list', async () => {
    const { listedID } = await listed();
    const sale = site.state.sell(listedID);
    const result = await vinted.driver.readSold(await session.open(vinted.site.sold));
    expect(result).toEqual({
      kind: 'sold',
      sales: [
        {
          externalOrderId: sale.orderId,
          listedID,
          title: 'Levi’s 501 straight jeans',
          price: 45,
          currency: 'USD',
          soldAt: sale.soldAt.toISOString(),
        },
      ],
    });
  });

  it('reports the form’s refusal in its own words, and lists nothing', async () => {
    const doc = await session.open(vinted.site.sell);
    const answer = await vinted.driver.fill(doc, values(), [photoFile(doc, fakePhoto())]);
    const result = await vinted.driver.readListed(await session.submit(answer.afterReply));
    expect(result).toEqual({ kind: 'refused', message: 'not-a-photo.jpg is not a photo.' });
    expect(site.state.creates).toBe(0);
  });

  it('refuses a brand the brand list does not offer', async () => {
    const doc = await session.open(vinted.site.sell);
    const answer = await vinted.driver.fill(doc, { ...values(), brand: 'Gucci Replica Co' }, []);
    expect(answer.result).toEqual({
      kind: 'refused',
      message: 'Vinted does not offer “Gucci Replica Co” for brand.',
    });
  });

  it('refuses a colour outside Vinted’s fixed list', async () => {
    const doc = await session.open(vinted.site.sell);
    const answer = await vinted.driver.fill(doc, { ...values(), colours: ['Teal'] }, []);
    expect(answer.result).toEqual({
      kind: 'refused',
      message: 'Vinted does not offer “Teal” for colours.',
    });
    expect(site.state.creates).toBe(0);
  });

  describe('stops, and hands the operation to the seller', () => {
    it('on DataDome’s captcha', async () => {
      site.state.captcha = true;
      const doc = await session.open(vinted.site.sell);
      expect((await vinted.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'captcha',
        detail: null,
      });
      expect(await vinted.driver.readSold(await session.open(vinted.site.sold))).toEqual({
        kind: 'stop',
        reason: 'captcha',
        detail: null,
      });
    });

    it('on the sign-in page', async () => {
      site.state.requireSignIn = true;
      const doc = await session.open(vinted.site.sell);
      expect((await vinted.driver.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
      expect(await vinted.driver.readSold(await session.open(vinted.site.sold))).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
    });

    it('on a layout it does not know', async () => {
      site.state.layout = 'changed';
      // The page renders nothing known: the driver waits its render timeout, shortened here.
      const impatient = makeDriver({ ...facts, renderTimeoutMs: 300 });
      const doc = await session.open(vinted.site.sell);
      expect((await impatient.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'unknown_layout',
      });
      expect(site.state.creates).toBe(0);
    });

    it('when Vinted sends the seller to verification instead of the form', async () => {
      site.state.blocked = 'Verify your phone number to keep selling.';
      const doc = await session.open(vinted.site.sell);
      expect((await vinted.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'blocked',
        detail: 'Verify your phone number to keep selling.',
      });
    });
  });
});
