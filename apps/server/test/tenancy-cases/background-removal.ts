import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  BACKGROUND_REMOVAL_API,
  backgroundRemovalJobPath,
  type StoredImage,
} from '@listloop/domain';
import { newId } from '../../src/platform/ids';
import type { TenancyCase, Victim } from '../tenancy';

const JOBS = BACKGROUND_REMOVAL_API.jobs;

/**
 * The victim's photo and a finished removal of it, made once. The removal's row and result are
 * written as the job leaves them, without running the model (its own test runs it).
 */
let victimRemoval: Promise<{ image: StoredImage; removalId: string }> | null = null;
function removalOf(victim: Victim) {
  victimRemoval ??= (async () => {
    const { container } = victim.server;
    const photo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#a05030' },
    })
      .jpeg()
      .toBuffer();
    const image = await container.services.images.storeImage(
      { accountId: victim.account.accountId, userId: victim.account.userId, countryCode: 'US' },
      photo,
      'image/jpeg',
    );
    const removalId = newId();
    const resultKey = `background-removals/${victim.account.accountId}/${removalId}/result.png`;
    const cutOut = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    await container.storage.put(resultKey, cutOut, { contentType: 'image/png' });
    await container.database.db.execute(
      sql`INSERT INTO background_removals (id, account_id, user_id, source_image_id,
          origin_platform, output, status, progress, result_key, result_content_type, width,
          height, counted, finished_at)
          VALUES (${removalId}, ${victim.account.accountId}, ${victim.account.userId},
          ${image.image.id}, 'web', 'png', 'done', 100, ${resultKey}, 'image/png', 64, 64, true,
          now())`,
    );
    return { image, removalId };
  })();
  return victimRemoval;
}

async function removalUnchanged(victim: Victim) {
  const { removalId } = await removalOf(victim);
  const response = await victim.client.get(backgroundRemovalJobPath(removalId));
  expect(response.status).toBe(200);
  expect(response.body.job).toMatchObject({ status: 'done', keptImageId: null });
  const result = await victim.client.get(`${backgroundRemovalJobPath(removalId)}/result`);
  expect(result.status).toBe(200);
}

export const cases: TenancyCase[] = [
  {
    route: `POST ${JOBS}`,
    title: 'cannot remove the background of another account’s photo',
    request: async (victim) => ({
      path: JOBS,
      body: { imageId: (await removalOf(victim)).image.image.id, output: 'png' },
    }),
  },
  {
    route: `POST ${BACKGROUND_REMOVAL_API.remove}`,
    title: 'cannot have the picture of another account’s photo by its address',
    request: async (victim) => ({
      path: BACKGROUND_REMOVAL_API.remove,
      body: { originPlatform: 'web', imageUrl: (await removalOf(victim)).image.image.url },
    }),
  },
  {
    route: `GET ${JOBS}/:jobId`,
    title: 'cannot follow another account’s background removal',
    request: async (victim) => ({
      path: backgroundRemovalJobPath((await removalOf(victim)).removalId),
    }),
  },
  {
    route: `GET ${JOBS}/:jobId/result`,
    title: 'cannot read the result of another account’s background removal',
    request: async (victim) => ({
      path: `${backgroundRemovalJobPath((await removalOf(victim)).removalId)}/result`,
    }),
  },
  {
    route: `POST ${JOBS}/:jobId/keep`,
    title: 'cannot keep another account’s background removal as an image',
    request: async (victim) => ({
      path: `${backgroundRemovalJobPath((await removalOf(victim)).removalId)}/keep`,
      body: {},
    }),
    unchanged: removalUnchanged,
  },
  {
    route: `DELETE ${JOBS}/:jobId`,
    title: 'cannot discard another account’s background removal',
    request: async (victim) => ({
      path: backgroundRemovalJobPath((await removalOf(victim)).removalId),
    }),
    unchanged: removalUnchanged,
  },
];

export const ownDataOnly: Record<string, string> = {
  [`GET ${BACKGROUND_REMOVAL_API.usage}`]: 'answers the caller’s own account’s counter and limit',
};
