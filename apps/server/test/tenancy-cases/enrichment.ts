import { expect } from 'vitest';
import type { TenancyCase, Victim } from '../tenancy';
import { solidPhoto } from '../enrichment-photos';
import { tusUpload } from '../images';

const ENRICH = '/api/rest/v1/item/enrich-by-images';
const ITEM = '/api/account/item';

/** The victim's item with one photo of theirs, made once (kept per victim: decision 0038). */
const victimItems = new Map<string, Promise<{ itemID: string; photo: string; key: string }>>();
function victimItemOf(victim: Victim) {
  const made = victimItems.get(victim.account.accountId);
  if (made) return made;
  const making = (async () => {
    const { imageId } = await tusUpload(victim.client, await solidPhoto({ r: 200, g: 30, b: 30 }));
    const record = await victim.client.get(`/api/uploads/images/${imageId}`);
    expect(record.status, record.text).toBe(200);
    const photo = record.body.image.url as string;
    const created = await victim.client.post(ITEM, {
      generalDetails: { title: 'Victim jumper', images: [{ id: imageId, url: photo }] },
    });
    expect(created.status, created.text).toBe(201);
    return { itemID: created.body.item.itemID as string, photo, key: record.body.image._l };
  })();
  victimItems.set(victim.account.accountId, making);
  return making;
}

async function victimItemUnchanged(victim: Victim) {
  const { itemID } = await victimItemOf(victim);
  const response = await victim.client.get(`${ITEM}/${victim.account.userId}/${itemID}`);
  expect(response.status).toBe(200);
  expect(response.body.item.generalDetails).toMatchObject({
    title: 'Victim jumper',
    primaryColor: null,
  });
}

export const cases: TenancyCase[] = [
  {
    route: `POST ${ENRICH}`,
    title: 'cannot read or fill another account’s item from its photos',
    request: async (victim) => ({
      path: ENRICH,
      body: { itemId: (await victimItemOf(victim)).itemID, inTheLoop: false },
    }),
    unchanged: victimItemUnchanged,
  },
  {
    route: `POST ${ENRICH}`,
    title: 'cannot fill an item of another account’s member by naming them',
    request: async (victim) => ({
      path: ENRICH,
      body: {
        itemId: (await victimItemOf(victim)).itemID,
        userId: victim.account.userId,
        inTheLoop: false,
      },
    }),
    unchanged: victimItemUnchanged,
  },
  {
    route: `POST ${ENRICH}`,
    title: 'cannot have another account’s photo read by its address',
    request: async (victim) => ({
      path: ENRICH,
      body: { photos: [(await victimItemOf(victim)).photo] },
    }),
  },
  {
    route: `POST ${ENRICH}`,
    title: 'cannot have another account’s photo read by its storage key',
    request: async (victim) => ({
      path: ENRICH,
      body: { photos: [(await victimItemOf(victim)).key] },
    }),
  },
];
