import { OpenAiEmulator } from '@listloop/emulators';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EnrichByImagesResponseSchema,
  type EnrichByImagesResponse,
  type EnrichmentField,
} from '@listloop/domain';
import { standInAiEnv } from '../../../test/ai-stand-in';
import type { TestClient } from '../../../test/client';
import { ean13Photo, labelPhoto, solidPhoto } from '../../../test/enrichment-photos';
import { addMember, createAccount, signIn } from '../../../test/fixtures';
import { tusUpload } from '../../../test/images';
import { startTestServer, type TestServer } from '../../../test/server';
import { PHOTO_ELSEWHERE } from './enrichment.service';

const ENRICH = '/api/rest/v1/item/enrich-by-images';
const ITEM = '/api/account/item';
const EAN = '4006381333931';

async function upload(client: TestClient, bytes: Buffer, type: 'png' | 'jpeg'): Promise<string> {
  const { imageId } = await tusUpload(client, bytes, {
    filename: `photo.${type}`,
    filetype: `image/${type}`,
  });
  expect(imageId).toBeTruthy();
  const record = await client.get(`/api/uploads/images/${imageId}`);
  expect(record.status, record.text).toBe(200);
  return record.body.image.url as string;
}

function best(answer: EnrichByImagesResponse, field: EnrichmentField) {
  return answer.suggestions.find((suggestion) => suggestion.field === field);
}

describe('enrich by images (spec §7 AI)', () => {
  let server: TestServer;
  let owner: TestClient;
  let userId: string;
  let photos: { blue: string; barcode: string; label: string };

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    const account = await createAccount(server);
    owner = await signIn(server, account);
    userId = account.userId;
    // A brand the seller already sells: the one printed text is matched against.
    const earlier = await owner.post(ITEM, {
      generalDetails: { title: 'Old jeans', brand: 'Levi Strauss' },
    });
    expect(earlier.status, earlier.text).toBe(201);
    photos = {
      blue: await upload(owner, await solidPhoto({ r: 40, g: 100, b: 200 }), 'jpeg'),
      barcode: await upload(owner, await ean13Photo(EAN), 'png'),
      label: await upload(
        owner,
        await labelPhoto(['LEVI STRAUSS & CO', 'W32 L34', '100% COTTON']),
        'png',
      ),
    };
  });
  afterAll(() => server.close());

  it('reads the colour, the barcode and the printed text of an item’s photos, and changes nothing in the loop', async () => {
    const created = await owner.post(ITEM, {
      generalDetails: {
        title: 'Jeans',
        images: [photos.blue, photos.barcode, photos.label].map((url, index) => ({
          id: `p${index}`,
          url,
        })),
      },
    });
    expect(created.status, created.text).toBe(201);
    const item = created.body.item;

    const response = await owner.post(ENRICH, { itemId: item.itemID, inTheLoop: true });
    expect(response.status, response.text).toBe(200);
    const answer = EnrichByImagesResponseSchema.parse(response.body);

    expect(best(answer, 'primaryColor')).toMatchObject({
      value: 'Blue',
      source: 'colour',
      evidence: { photo: photos.blue },
    });
    expect(best(answer, 'primaryColor')!.confidence).toBeGreaterThan(0.9);
    const blue = answer.findings.find((finding) => finding.photo === photos.blue)!;
    expect(blue.colours[0]).toMatchObject({ name: 'Blue', background: false });
    expect(blue.colours[0]!.share).toBeGreaterThan(0.9);

    expect(best(answer, 'barcode')).toMatchObject({
      value: EAN,
      source: 'barcode',
      confidence: 1,
      evidence: { photo: photos.barcode, barcode: { value: EAN, format: 'EAN_13' } },
    });

    const label = answer.findings.find((finding) => finding.photo === photos.label)!;
    expect(label.text.map((line) => line.text)).toEqual(
      expect.arrayContaining(['LEVI STRAUSS & CO', 'W32 L34', '100% COTTON']),
    );
    expect(best(answer, 'brand')).toMatchObject({
      value: 'Levi Strauss',
      source: 'text',
      evidence: { photo: photos.label, text: 'LEVI STRAUSS & CO' },
    });
    expect(best(answer, 'size')).toMatchObject({ value: 'W32 L34', source: 'text' });
    expect(best(answer, 'material')).toMatchObject({ value: '100% cotton', source: 'text' });
    expect(answer).toMatchObject({
      inTheLoop: true,
      vision: 'unavailable',
      applied: [],
      skipped: [],
    });
    expect(answer.item).toBeUndefined();

    const after = await owner.get(`${ITEM}/${userId}/${item.itemID}`);
    expect(after.body.item).toEqual(item);
  });

  it('out of the loop fills the empty fields only and leaves what the seller typed', async () => {
    const created = await owner.post(ITEM, {
      generalDetails: { title: 'Typed title', brand: 'My Own Label', size: '' },
    });
    const itemId = created.body.item.itemID as string;

    const response = await owner.post(ENRICH, {
      itemId,
      photos: [photos.blue, photos.label],
      inTheLoop: false,
    });
    expect(response.status, response.text).toBe(200);
    const answer = EnrichByImagesResponseSchema.parse(response.body);
    expect(answer.applied).toEqual([
      { field: 'primaryColor', value: 'Blue' },
      { field: 'size', value: 'W32 L34' },
    ]);
    expect(answer.skipped).toEqual([{ field: 'brand', reason: 'filled' }]);
    expect(answer.item!.generalDetails).toMatchObject({
      title: 'Typed title',
      brand: 'My Own Label',
      primaryColor: 'Blue',
      size: 'W32 L34',
    });
    const saved = await owner.get(`${ITEM}/${userId}/${itemId}`);
    expect(saved.body.item.generalDetails).toMatchObject({
      brand: 'My Own Label',
      primaryColor: 'Blue',
      size: 'W32 L34',
    });

    // The fill is an edit of the item, recorded as one.
    const log = await owner.get(`/api/rest/v1/enterprise/activity?subjectId=${itemId}`);
    expect(log.status, log.text).toBe(200);
    expect(log.body.entries.map((entry: { action: string }) => entry.action)).toContain(
      'item.updated',
    );

    // Filled once, nothing is left to fill: nothing applied, every field said to be filled.
    const again = await owner.post(ENRICH, { itemId, photos: [photos.blue], inTheLoop: false });
    expect(again.status, again.text).toBe(200);
    expect(again.body.applied).toEqual([]);
    expect(again.body.skipped).toEqual([{ field: 'primaryColor', reason: 'filled' }]);
  });

  it('refuses bad input with 400 naming the field, and photos that are not the account’s with 404', async () => {
    const cases: [unknown, string][] = [
      [{}, 'photos'],
      [{ photos: [] }, 'photos'],
      [{ photos: Array.from({ length: 13 }, () => photos.blue) }, 'photos'],
      [{ photos: [photos.blue], inTheLoop: 'yes' }, 'inTheLoop'],
      [{ photos: [photos.blue], inTheLoop: false }, 'itemId'],
      [{ photos: ['https://elsewhere.example/jumper.jpg'] }, 'photos.0'],
      [{ photos: [photos.blue, 'javascript:alert(1)'] }, 'photos.1'],
      [{ photos: [''] }, 'photos.0'],
    ];
    for (const [body, path] of cases) {
      const response = await owner.post(ENRICH, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toContain(path);
    }
    const elsewhere = await owner.post(ENRICH, { photos: ['https://elsewhere.example/a.jpg'] });
    expect(elsewhere.body.message).toBe(`photos.0: ${PHOTO_ELSEWHERE}`);

    const missing = await owner.post(ENRICH, {
      photos: [photos.blue.replace(/[A-Za-z0-9]{20,64}(?=\.jpeg$)/, 'a'.repeat(24))],
    });
    expect(missing.status, missing.text).toBe(404);
    expect(missing.body.message).toMatch(/^photos\.0: /);
    const noItem = await owner.post(ENRICH, { itemId: 'no-such-item-000000000001' });
    expect(noItem.status).toBe(404);
  });

  it('needs items.write: a member who may only read is refused and nothing changes', async () => {
    const account = await createAccount(server);
    const own = await signIn(server, account);
    const role = await own.put('/api/rest/v1/enterprise/roles', {
      name: 'readers',
      permissions: { 'items.read': true },
    });
    const member = await addMember(server, account, { roleId: role.body.data.id as string });
    const reader = await signIn(server, member);
    const response = await reader.post(ENRICH, { photos: ['images/x/y.jpeg'] });
    expect(response.status).toBe(403);
  });
});

describe('enrich by images with a vision model (the OpenAI-compatible stand-in, on loopback)', () => {
  const emulator = new OpenAiEmulator({ apiKey: 'sk-enrichment' });
  let running: { url: string; close(): Promise<void> };
  let server: TestServer;
  let owner: TestClient;

  beforeAll(async () => {
    running = await emulator.listen();
    server = await startTestServer({
      env: standInAiEnv(running.url, 'sk-enrichment'),
    });
    owner = await signIn(server, await createAccount(server));
  });
  afterAll(async () => {
    await server.close();
    await running.close();
  });

  it('adds what the model sees to the local findings, sent as a copy of at most 1,024 px', async () => {
    emulator.answerWith(() => ({
      brand: 'Patagonia',
      category: 'Fleece jackets',
      condition: 'like_new',
      colour: 'Green',
      title: 'Patagonia Synchilla fleece',
    }));
    // A 1,280 px photo: the model gets a smaller copy of it, not the upload.
    const photo = await upload(
      owner,
      await solidPhoto({ r: 40, g: 140, b: 60 }, { width: 1280, height: 960 }),
      'jpeg',
    );
    const response = await owner.post(ENRICH, { photos: [photo], inTheLoop: true });
    expect(response.status, response.text).toBe(200);
    const answer = EnrichByImagesResponseSchema.parse(response.body);

    expect(answer.vision).toBe('used');
    expect(best(answer, 'brand')).toMatchObject({ value: 'Patagonia', source: 'vision' });
    expect(best(answer, 'title')).toMatchObject({
      value: 'Patagonia Synchilla fleece',
      source: 'vision',
    });
    // The colour measured in the photo outranks the one the model names.
    expect(best(answer, 'primaryColor')).toMatchObject({ value: 'Green', source: 'colour' });

    const request = emulator.requests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-enrichment');
    expect(request.images).toHaveLength(1);
    expect(request.images[0]!.mimeType).toBe('image/jpeg');
    const sent = await sharp(request.images[0]!.bytes).metadata();
    expect([sent.width, sent.height]).toEqual([1024, 768]);
  });

  it('keeps the local findings when the model fails twice, and says it was not used', async () => {
    emulator.failNext({ kind: 'server-error', count: 2 });
    const photo = await upload(owner, await solidPhoto({ r: 40, g: 100, b: 200 }), 'jpeg');
    const response = await owner.post(ENRICH, { photos: [photo], inTheLoop: true });
    expect(response.status, response.text).toBe(200);
    const answer = EnrichByImagesResponseSchema.parse(response.body);
    expect(answer.vision).toBe('unavailable');
    expect(best(answer, 'primaryColor')).toMatchObject({ value: 'Blue', source: 'colour' });
  });
});
