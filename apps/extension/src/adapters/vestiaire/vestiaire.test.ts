import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vestiaireReplica, type VestiaireReplicaSite } from '@listloop/emulators';
import { photoFile } from '../../page/photos';
import { fakePhoto, jpegPhoto, openReplica, type ReplicaSession } from '../replica-test-kit';
import { makeDriver } from './driver';
import { depositSteps, facts } from './facts';
import { vestiaire } from './index';

const built = (overrides: Partial<BuiltListingInput> = {}) =>
  BuiltListingSchema.parse({
    marketplace: 'vestiaire',
    title: 'Hermès Kelly 28 in black leather',
    description: 'Kelly 28, black Togo leather, gold hardware. Light wear on the corners.',
    price: 6500,
    currency: 'EUR',
    condition: 'very_good',
    brand: 'Hermès',
    category: 'Womenswear > Bags > Handbags',
    colour: 'Black',
    sku: 'HK-28-01',
    photos: ['https://cdn.example/1.jpg', 'https://cdn.example/2.jpg', 'https://cdn.example/3.jpg'],
    extra: { material: 'Leather', model: 'Kelly' },
    ...overrides,
  });

describe('Vestiaire Collective mapping', () => {
  it('maps the built listing onto the deposit form’s fields', () => {
    expect(vestiaire.map(built())).toEqual({
      ok: true,
      values: {
        universe: 'Womenswear',
        category: 'Bags',
        subcategory: 'Handbags',
        brand: 'Hermès',
        sku: 'HK-28-01',
        condition: 'Very good condition',
        model: 'Kelly',
        material: 'Leather',
        colour: 'Black',
        sizeStandard: null,
        size: null,
        description: 'Kelly 28, black Togo leather, gold hardware. Light wear on the corners.',
        price: '6500',
      },
    });
  });

  it('sizes clothing, and takes several colours as Multicolour', () => {
    const jacket = vestiaire.map(
      built({ category: 'Menswear > Clothing > Jackets', size: 'IT 50', colour: 'Black, White' }),
    );
    expect(jacket).toMatchObject({
      ok: true,
      values: { sizeStandard: 'IT', size: '50', colour: 'Multicolour' },
    });
    expect(
      vestiaire.map(built({ category: 'Womenswear > Clothing > Tops', size: 'M' })),
    ).toMatchObject({ ok: true, values: { sizeStandard: 'INT', size: 'M' } });
  });

  it('refuses what the form would refuse, in the seller’s terms', () => {
    expect(vestiaire.map(built({ brand: '', extra: {} }))).toEqual({
      ok: false,
      message: 'Vestiaire Collective needs a designer, the material to list this item.',
    });
    expect(vestiaire.map(built({ category: 'Bags > Handbags' }))).toEqual({
      ok: false,
      message:
        'Vestiaire Collective categories have three levels, such as “Womenswear > Bags > Handbags”; “Bags > Handbags” does not.',
    });
    expect(vestiaire.map(built({ price: 6500.5 }))).toEqual({
      ok: false,
      message:
        'Vestiaire Collective takes whole prices; 6500.50 is not one. Set a whole price for Vestiaire Collective.',
    });
    expect(vestiaire.map(built({ photos: ['https://cdn.example/1.jpg'] }))).toEqual({
      ok: false,
      message: 'Vestiaire Collective asks for at least 3 photos.',
    });
    expect(vestiaire.map(built({ quantity: 2 }))).toMatchObject({ ok: false });
    expect(vestiaire.map(built({ condition: 'poor' }))).toMatchObject({ ok: false });
    expect(vestiaire.map(built({ description: 'x'.repeat(1001) }))).toMatchObject({ ok: false });
    expect(vestiaire.map(built({ category: 'Womenswear > Shoes > Heels' }))).toEqual({
      ok: false,
      message: 'Vestiaire Collective needs a size for shoes.',
    });
  });
});

describe('Vestiaire Collective facts', () => {
  it('never select by the replica’s own wiring, which the real site does not have', () => {
    const selectors = JSON.stringify({ facts, depositSteps }, (_key, value: unknown) =>
      value instanceof RegExp ? value.source : value,
    );
    expect(selectors).toContain('#vc-preduct-add-submit');
    expect(selectors).not.toContain('data-replica');
  });
});

describe('Vestiaire Collective page driver on the replica', () => {
  let site: VestiaireReplicaSite;
  let session: ReplicaSession;
  beforeEach(async () => {
    site = vestiaireReplica();
    site.state.requireSignIn = false;
    session = await openReplica(site);
  });
  afterEach(() => session.close());

  const values = (overrides: Partial<BuiltListingInput> = {}) => {
    const mapped = vestiaire.map(built(overrides));
    if (!mapped.ok) throw new Error(mapped.message);
    return mapped.values;
  };
  const threePhotos = (doc: Document) =>
    ['front.jpg', 'back.jpg', 'label.jpg'].map((name) => photoFile(doc, jpegPhoto(name)));

  const list = async () => {
    const doc = await session.open(vestiaire.site.sell);
    expect(await vestiaire.driver.recognise(doc)).toBe('sell_form');
    const answer = await vestiaire.driver.fill(doc, values(), threePhotos(doc));
    expect(answer.result).toEqual({ kind: 'submitted' });
    return vestiaire.driver.readListed(await session.submit(answer.afterReply));
  };

  it('lists: walks every step, attaches the photos, submits and reads the item back', async () => {
    const result = await list();
    expect(result).toMatchObject({ kind: 'listed' });
    if (result.kind !== 'listed') return;
    const stored = site.state.listings.get(result.listedID)!;
    expect(stored.fields).toMatchObject({
      universe: 'Womenswear',
      category: 'Bags',
      brand: 'Hermès',
      external_reference: 'HK-28-01',
      subcategory: 'Handbags',
      condition: 'Very good condition',
      model: 'Kelly',
      material: 'Leather',
      color: 'Black',
      description: 'Kelly 28, black Togo leather, gold hardware. Light wear on the corners.',
      selectedAddress: 'home',
      price: '6500',
      name: 'Black Leather Kelly Hermès Handbags',
    });
    expect(stored.photos.map((p) => p.name)).toEqual(['front.jpg', 'back.jpg', 'label.jpg']);
    expect(result.listedID).toMatch(/^\d{8}$/);
    expect(result.listingURL).toBe(
      `${session.replica.url}/women-bags/handbags/hermes/black-leather-kelly-hermes-handbags-${result.listedID}.shtml`,
    );
    // Listed means submitted: the item waits for Vestiaire's review, and its page says so.
    expect(site.inReview(result.listedID)).toBe(true);
    expect(session.doc().querySelector('[role="status"]')?.textContent).toContain('In review');
  });

  it('opens an item from its number, and delists it from its page', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    const doc = await session.open(vestiaire.site.listing(listed.listedID));
    expect(doc.location.pathname).toMatch(new RegExp(`-${listed.listedID}\\.shtml$`));
    const answer = await vestiaire.driver.delist(doc, listed.listedID);
    expect(answer.result).toEqual({ kind: 'submitted' });
    const after = await session.submit(answer.afterReply);
    expect(await vestiaire.driver.readDelisted(after, listed.listedID)).toEqual({
      kind: 'delisted',
    });
    expect(site.state.listings.get(listed.listedID)!.status).toBe('deleted');
  });

  it('updates the price on the edit form', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    site.approve(listed.listedID);
    const doc = await session.open(vestiaire.site.edit(listed.listedID));
    const answer = await vestiaire.driver.update(doc, { ...values(), price: '5900' });
    expect(answer.result).toEqual({ kind: 'submitted' });
    expect(await vestiaire.driver.readUpdated(await session.submit(answer.afterReply))).toEqual({
      kind: 'updated',
    });
    expect(site.state.listings.get(listed.listedID)!.fields.price).toBe('5900');
  });

  it('reads a sale off the orders and sales list', async () => {
    const listed = await list();
    if (listed.kind !== 'listed') throw new Error('not listed');
    site.approve(listed.listedID);
    const sale = site.state.sell(listed.listedID);
    const result = await vestiaire.driver.readSold(await session.open(vestiaire.site.sold));
    expect(result).toEqual({
      kind: 'sold',
      sales: [
        {
          externalOrderId: sale.orderId,
          listedID: listed.listedID,
          title: 'Black Leather Kelly Hermès Handbags',
          price: 6500,
          currency: 'EUR',
          soldAt: sale.soldAt.toISOString(),
        },
      ],
    });
  });

  it('reports the form’s refusal in its own words, and lists nothing', async () => {
    const doc = await session.open(vestiaire.site.sell);
    const photos = [...threePhotos(doc).slice(0, 2), photoFile(doc, fakePhoto())];
    const answer = await vestiaire.driver.fill(doc, values(), photos);
    const result = await vestiaire.driver.readListed(await session.submit(answer.afterReply));
    expect(result).toEqual({ kind: 'refused', message: 'not-a-photo.jpg is not a photo.' });
    expect(site.state.creates).toBe(0);
  });

  it('reports the site’s check that a subcategory belongs to its category', async () => {
    const doc = await session.open(vestiaire.site.sell);
    const answer = await vestiaire.driver.fill(
      doc,
      { ...values(), subcategory: 'Heels' },
      threePhotos(doc),
    );
    const result = await vestiaire.driver.readListed(await session.submit(answer.afterReply));
    expect(result).toEqual({ kind: 'refused', message: 'Please choose a type of bags.' });
    expect(site.state.creates).toBe(0);
  });

  it('refuses a material the site does not offer', async () => {
    const doc = await session.open(vestiaire.site.sell);
    const answer = await vestiaire.driver.fill(
      doc,
      { ...values(), material: 'Unobtainium' },
      threePhotos(doc),
    );
    expect(answer.result).toEqual({
      kind: 'refused',
      message: 'Vestiaire Collective does not offer “Unobtainium” for material.',
    });
    expect(site.state.creates).toBe(0);
  });

  describe('stops, and hands the operation to the seller', () => {
    it('on a captcha', async () => {
      site.state.captcha = true;
      const doc = await session.open(vestiaire.site.sell);
      expect((await vestiaire.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'captcha',
        detail: null,
      });
    });

    it('on the sign-in page', async () => {
      site.state.requireSignIn = true;
      const doc = await session.open(vestiaire.site.sell);
      expect((await vestiaire.driver.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'signed_out',
      });
      expect(
        await vestiaire.driver.readSold(await session.open(vestiaire.site.sold)),
      ).toMatchObject({ kind: 'stop', reason: 'signed_out' });
    });

    it('on a layout it does not know', async () => {
      site.state.layout = 'changed';
      // The page renders nothing known: the driver waits its render timeout, shortened here.
      const impatient = makeDriver({ ...facts, renderTimeoutMs: 300 });
      const doc = await session.open(vestiaire.site.sell);
      expect((await impatient.fill(doc, values(), [])).result).toMatchObject({
        kind: 'stop',
        reason: 'unknown_layout',
      });
      expect(site.state.creates).toBe(0);
    });

    it('when the site blocks new listings', async () => {
      site.state.blocked = 'You have reached the maximum number of items you can list.';
      const doc = await session.open(vestiaire.site.sell);
      expect((await vestiaire.driver.fill(doc, values(), [])).result).toEqual({
        kind: 'stop',
        reason: 'blocked',
        detail: 'You have reached the maximum number of items you can list.',
      });
    });
  });
});
