import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grailedReplica } from '@listloop/emulators';
import { photoFile } from '../../page/photos';
import { fakePhoto, jpegPhoto, openReplica, type ReplicaSession } from '../replica-test-kit';
import { grailed } from './index';
import { makeDriver } from './driver';
import { facts } from './facts';

const built = (overrides: Partial<BuiltListingInput> = {}) =>
  BuiltListingSchema.parse({
    marketplace: 'grailed',
    title: 'Levi’s Type III trucker jacket',
    description: 'Rigid denim, light fading at the cuffs.',
    price: 45,
    condition: 'is_gently_used',
    brand: 'Levi’s',
    category: 'Menswear > Outerwear > Denim Jackets',
    size: 'M',
    colour: 'Blue',
    photos: ['https://img.example/1.jpg'],
    ...overrides,
  });

describe('Grailed mapping', () => {
  it('maps the built listing onto the form’s fields, sizes in the form’s labels', () => {
    expect(grailed.map(built())).toEqual({
      ok: true,
      values: {
        category: 'Menswear > Outerwear',
        subcategory: 'Denim Jackets',
        size: 'US M / EU 48-50 / 2',
        designer: 'Levi’s',
        title: 'Levi’s Type III trucker jacket',
        description: 'Rigid denim, light fading at the cuffs.',
        colour: 'Blue',
        condition: 'Gently Used',
        price: '45',
      },
    });
    const jeans = grailed.map(
      built({ category: 'Menswear > Bottoms > Denim', size: '33', colour: 'Blue, White' }),
    );
    expect(jeans).toMatchObject({ ok: true, values: { size: 'US 33', colour: 'Multi' } });
    expect(
      grailed.map(built({ category: 'Menswear > Bottoms > Denim', size: '32' })),
    ).toMatchObject({ ok: true, values: { size: 'US 32 / EU 48' } });
    expect(grailed.map(built({ size: 'US 9.5 / EU 42-43' }))).toMatchObject({
      ok: true,
      values: { size: 'US 9.5 / EU 42-43' },
    });
  });

  it('refuses what the form would refuse, in the seller’s terms', () => {
    expect(grailed.map(built({ price: 45.5 }))).toEqual({
      ok: false,
      message: 'Grailed takes whole-dollar prices; 45.50 has cents. Set a whole price for Grailed.',
    });
    expect(grailed.map(built({ brand: '', size: '', condition: null }))).toEqual({
      ok: false,
      message: 'Grailed needs a designer, a size, a condition to list this item.',
    });
    expect(grailed.map(built({ category: 'Menswear > Outerwear' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('a department, a category and a sub-category'),
    });
    expect(grailed.map(built({ title: 'x'.repeat(61) }))).toEqual({
      ok: false,
      message: 'Grailed item names are at most 60 characters.',
    });
    expect(grailed.map(built({ photos: [] }))).toMatchObject({ ok: false });
    expect(grailed.map(built({ price: 0 }))).toMatchObject({ ok: false });
    expect(grailed.map(built({ currency: 'EUR' }))).toMatchObject({ ok: false });
    expect(grailed.map(built({ condition: 'nwt' }))).toMatchObject({ ok: false });
    expect(grailed.map(built({ colour: 'Teal' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('“Teal” is not one of them'),
    });
  });

  it('selects by the site’s own markup, never by the replica’s wiring', () => {
    const text = JSON.stringify(facts, (_key, value: unknown) =>
      value instanceof RegExp ? String(value) : value,
    );
    expect(text).toContain('#designer-autocomplete');
    expect(text).not.toContain('data-replica');
  });
});

describe('Grailed page driver on the replica', () => {
  let site: ReturnType<typeof grailedReplica>;
  let session: ReplicaSession;
  beforeEach(async () => {
    site = grailedReplica();
    site.state.requireSignIn = false;
    session = await openReplica(site);
  });
  afterEach(() => session.close());

  const values = (overrides: Partial<BuiltListingInput> = {}) => {
    const mapped = grailed.map(built(overrides));
    if (!mapped.ok) throw new Error(mapped.message);
    return mapped.values;
  };

  const list = async () => {
    const doc = await session.open(grailed.site.sell);
    expect(await grailed.driver.recognise(doc)).toBe('sell_form');
    const answer = await grailed.driver.fill(doc, values(), [photoFile(doc, jpegPhoto())]);
    expect(answer.result).toEqual({ kind: 'submitted' });
    return grailed.driver.readListed(await session.submit(answer.afterReply));
  };

  it('lists: fills every field, attaches the photo, publishes and reads the id back', async () => {
    const result = await list();
    expect(result).toMatchObject({ kind: 'listed' });
    if (result.kind !== 'listed') return;
    expect(result.listedID).toMatch(/^\d{8}$/);
    const stored = site.state.listings.get(result.listedID)!;
    expect(stored.fields).toMatchObject({
      category: 'Menswear > Outerwear',
      subcategory: 'Denim Jackets',
      size: 'US M / EU 48-50 / 2',
      designer: 'Levi’s',
      title: 'Levi’s Type III trucker jacket',
      description: 'Rigid denim, light fading at the cuffs.',
      color: 'Blue',
      condition: 'Gently Used',
      price: '45',
    });
    expect(stored.photos).toEqual([{ name: 'photo-1.jpg', type: 'image/jpeg', size: 10 }]);
    expect(result.listingURL).toBe(
      `${session.replica.url}/listings/${result.listedID}-levi-s-type-iii-trucker-jacket`,
    );
  });

  it('delists from the edit form and sees it gone', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const doc = await session.open(grailed.site.edit(listed.listedID));
    const answer = await grailed.driver.delist(doc, listed.listedID);
    expect(answer.result).toEqual({ kind: 'submitted' });
    const after = await session.submit(answer.afterReply);
    expect(await grailed.driver.readDelisted(after, listed.listedID)).toEqual({
      kind: 'delisted',
    });
    expect(site.state.listings.get(listed.listedID)!.status).toBe('deleted');
  });

  it('updates the price on the edit form', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const doc = await session.open(grailed.site.edit(listed.listedID));
    const answer = await grailed.driver.update(doc, { ...values(), price: '39' });
    expect(answer.result).toEqual({ kind: 'submitted' });
    expect(await grailed.driver.readUpdated(await session.submit(answer.afterReply))).toEqual({
      kind: 'updated',
    });
    const stored = site.state.listings.get(listed.listedID)!;
    expect(stored.fields).toMatchObject({ price: '39', designer: 'Levi’s' });
    expect(stored.photos).toHaveLength(1);
  });

  it('reads a sale off the sold list', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const sale = site.state.sell(listed.listedID);
    const result = await grailed.driver.readSold(await session.open(grailed.site.sold));
    expect(result).toEqual({
      kind: 'sold',
      sales: [
        {
          externalOrderId: sale.orderId,
          listedID: listed.listedID,
          title: 'Levi’s Type III trucker jacket',
          price: 45,
          currency: 'USD',
          soldAt: sale.soldAt.toISOString(),
        },
      ],
    });
  });

  it('reports the form’s refusal in its own words, and lists nothing', async () => {
    const doc = await session.open(grailed.site.sell);
    const answer = await grailed.driver.fill(doc, values(), [photoFile(doc, fakePhoto())]);
    const result = await grailed.driver.readListed(await session.submit(answer.afterReply));
    expect(result).toEqual({ kind: 'refused', message: 'not-a-photo.jpg is not a photo.' });

    // A sub-category of another category: the live lists cannot offer it, the replica's
    // server refuses it as the site would.
    const again = await session.open(grailed.site.sell);
    const mixed = values({ category: 'Menswear > Outerwear > Denim' });
    const second = await grailed.driver.fill(again, mixed, [photoFile(again, jpegPhoto())]);
    expect(await grailed.driver.readListed(await session.submit(second.afterReply))).toEqual({
      kind: 'refused',
      message: 'Select a sub-category of Outerwear.',
    });
    expect(site.state.creates).toBe(0);
  });

  it('refuses a size the category does not offer', async () => {
    const doc = await session.open(grailed.site.sell);
    expect((await grailed.driver.fill(doc, { ...values(), size: '3XL' }, [])).result).toEqual({
      kind: 'refused',
      message: 'Grailed does not offer “3XL” for size.',
    });
  });

  describe('stops, and hands the operation to the seller', () => {
    it('on a captcha', async () => {
      site.state.captcha = true;
      const doc = await session.open(grailed.site.sell);
      expect((await grailed.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'captcha',
        detail: null,
      });
    });

    it('on the sign-in page', async () => {
      site.state.requireSignIn = true;
      const doc = await session.open(grailed.site.sell);
      expect((await grailed.driver.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
      expect(await grailed.driver.readSold(await session.open(grailed.site.sold))).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
    });

    it('on a layout it does not know', async () => {
      site.state.layout = 'changed';
      // The page renders nothing known: the driver waits its render timeout, shortened here.
      const impatient = makeDriver({ ...facts, renderTimeoutMs: 300 });
      const doc = await session.open(grailed.site.sell);
      expect((await impatient.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'unknown_layout',
      });
      expect(site.state.creates).toBe(0);
    });

    it('when the site blocks new listings', async () => {
      site.state.blocked = 'You have reached your listing limit for today.';
      const doc = await session.open(grailed.site.sell);
      expect((await grailed.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'blocked',
        detail: 'You have reached your listing limit for today.',
      });
    });
  });
});
