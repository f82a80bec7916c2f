import { z } from 'zod';
import { defineJob } from '../platform/queue/job';
import { generateDemoPhoto } from '../modules/images/demo-photos';
import type { ImageService } from '../modules/images/image.service';
import type { ItemService } from '../modules/items/item.service';
import type { AccountUserService } from '../modules/account-users';

const PhotoBatchSchema = z.object({
  userId: z.string().min(1),
  email: z.string().min(1),
  items: z
    .array(
      z.object({
        itemId: z.string().min(1),
        caption: z.string().max(200),
        hue: z.number().min(0).max(360),
        count: z.number().int().min(1).max(6),
      }),
    )
    .max(50),
});

/**
 * Photographs the demo items after the first start: generated studio shots, stored and
 * derived like any upload, then set on the item. Runs in the background so the first start
 * is not kept waiting; an item that already has photos is skipped, so a retried batch does
 * not add them twice.
 */
export function demoPhotosJob(deps: {
  accountUsers: Pick<AccountUserService, 'memberContext'>;
  items: ItemService;
  images: ImageService;
}) {
  return defineJob({
    name: 'seed.demo-photos',
    schema: PhotoBatchSchema,
    retryLimit: 3,
    expireInSeconds: 30 * 60,
    handler: async (payload) => {
      // The demo owner acts as themself, so the photos go through the same rules as an upload.
      const { context: ctx } = await deps.accountUsers.memberContext(
        { id: payload.userId, email: payload.email, name: '' },
        'demo-seed',
      );
      if (!ctx) throw new Error(`User ${payload.userId} can no longer enter an account`);
      const owner = await deps.images.ownerOf({ accountId: ctx.accountId, userId: payload.userId });
      for (const entry of payload.items) {
        const item = await deps.items.get(ctx, payload.userId, entry.itemId);
        if (item.generalDetails.images.length > 0) continue;
        const images = [];
        for (let shot = 0; shot < entry.count; shot += 1) {
          const bytes = await generateDemoPhoto({
            text: shot === 0 ? entry.caption : `${entry.caption} · detail ${shot}`,
            hue: (entry.hue + shot * 17) % 360,
            width: 900,
            height: 900,
          });
          const stored = await deps.images.storeImage(owner, bytes, 'image/jpeg');
          images.push(stored.image);
        }
        await deps.items.updateFields(ctx, payload.userId, entry.itemId, {
          'generalDetails.images': images,
        });
      }
    },
  });
}
