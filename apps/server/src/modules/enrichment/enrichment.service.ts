import {
  ENRICHMENT_APPLICABLE_FIELDS,
  ENRICHMENT_MAX_PHOTOS,
  type EnrichByImagesRequestSchema,
  type EnrichByImagesResponse,
  type EnrichmentApplicableField,
  type Item,
} from '@listloop/domain';
import type { z } from 'zod';
import { AppError, badRequest } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { AccountService } from '../accounts';
import {
  PHOTO_ADDRESS_INVALID,
  PHOTO_NOT_FOUND,
  STORED_TOO_LARGE,
  NOT_AN_IMAGE,
  type ImageService,
} from '../images';
import type { ItemService } from '../items';
import type { PhotoAnalyser } from './enrichment.analysis';
import { suggestionsOf, valuesToApply, type AnalysedPhoto } from './enrichment.merge';
import type { PhotoVisionPort } from './enrichment.vision';

export type EnrichByImagesInput = z.output<typeof EnrichByImagesRequestSchema>;

export const PHOTO_ELSEWHERE =
  'Only photos uploaded to ListLoop are read: enrichment never fetches addresses elsewhere.';

interface Logger {
  warn(details: object, message: string): void;
}

/** A photo read from storage, ready for the analysers and the vision model. */
interface ReadPhoto {
  photo: string;
  bytes: Buffer;
  mimeType: string;
}

/**
 * Enrich by images: reads an item's photos (or photos named) on this server (colours, printed
 * text, barcodes) and asks a vision model when one is configured; answers suggestions with
 * their evidence and, out of the loop, fills the item's empty fields with the surest ones
 * through the items service (the editor's save), never a field the seller filled.
 */
export class EnrichmentService {
  constructor(
    private readonly items: Pick<ItemService, 'get' | 'fillEmptyDetails' | 'brandsInUse'>,
    private readonly images: Pick<ImageService, 'readOwnedPhoto'>,
    private readonly accounts: Pick<AccountService, 'findById'>,
    private readonly analyser: PhotoAnalyser,
    private readonly vision: PhotoVisionPort,
    private readonly logger: Logger,
  ) {}

  async enrich(ctx: RequestContext, input: EnrichByImagesInput): Promise<EnrichByImagesResponse> {
    const userId = input.userId ?? ctx.user.id;
    const item = input.itemId ? await this.items.get(ctx, userId, input.itemId) : null;
    const skippedPhotos: EnrichByImagesResponse['skippedPhotos'] = [];
    const read = input.photos?.length
      ? await this.namedPhotos(ctx.accountId, input.photos)
      : await this.itemPhotos(ctx.accountId, item, skippedPhotos);

    const analysed: AnalysedPhoto[] = [];
    for (const photo of read) {
      try {
        analysed.push({ photo: photo.photo, ...(await this.analyser.analyse(photo.bytes)) });
      } catch (error) {
        skippedPhotos.push({ photo: photo.photo, reason: unreadableReason(error) });
        if (!isUnreadable(error)) {
          this.logger.warn({ err: error, photo: photo.photo }, 'A photo could not be analysed');
        }
      }
    }

    const readable = read.filter((photo) => analysed.some((a) => a.photo === photo.photo));
    const vision = await this.askVision(ctx, item, readable);
    const [brands, account] = await Promise.all([
      this.items.brandsInUse(ctx.accountId),
      this.accounts.findById(ctx.accountId),
    ]);
    const known = [...new Set([...(account?.customBrands ?? []), ...brands])];
    const suggestions = suggestionsOf(analysed, vision.suggestions, known);

    const answer: EnrichByImagesResponse = {
      inTheLoop: input.inTheLoop,
      suggestions,
      findings: analysed.map(({ photo, colours, text, barcodes }) => ({
        photo,
        colours,
        text,
        barcodes,
      })),
      skippedPhotos,
      vision: vision.used ? 'used' : 'unavailable',
      applied: [],
      skipped: [],
    };
    if (input.inTheLoop || !item) return answer;

    const values = valuesToApply(suggestions);
    const fields = Object.keys(values) as EnrichmentApplicableField[];
    if (fields.length === 0) return answer;
    const filled = await this.items.fillEmptyDetails(ctx, userId, item.itemID, values);
    return {
      ...answer,
      applied: ENRICHMENT_APPLICABLE_FIELDS.filter((field) => filled.applied.includes(field)).map(
        (field) => ({ field, value: values[field]! }),
      ),
      skipped: ENRICHMENT_APPLICABLE_FIELDS.filter((field) => filled.filled.includes(field)).map(
        (field) => ({ field, reason: 'filled' as const }),
      ),
      item: filled.item,
    };
  }

  /** Closes the text reader's worker (the server is closing). */
  close(): Promise<void> {
    return this.analyser.close();
  }

  /**
   * Photos named in the request: every one must be one of the account's images, by address or
   * storage key (decision 0032: another account's or a missing one answers 404, naming it);
   * an address elsewhere is refused, as it is never fetched.
   */
  private async namedPhotos(accountId: string, photos: readonly string[]): Promise<ReadPhoto[]> {
    const read: ReadPhoto[] = [];
    const missing: { path: string; message: string }[] = [];
    const refused: { path: string; message: string }[] = [];
    for (const [index, photo] of photos.entries()) {
      const path = `photos.${index}`;
      const found = await this.images.readOwnedPhoto(accountId, photo);
      if (found.kind === 'image')
        read.push({ photo, bytes: found.bytes, mimeType: found.mimeType });
      else if (found.kind === 'not-found') missing.push({ path, message: PHOTO_NOT_FOUND });
      else {
        refused.push({
          path,
          message: found.kind === 'elsewhere' ? PHOTO_ELSEWHERE : PHOTO_ADDRESS_INVALID,
        });
      }
    }
    if (missing.length > 0) {
      const first = missing[0]!;
      throw new AppError(404, 'request/not-found', `${first.path}: ${first.message}`, {
        issues: missing,
      });
    }
    if (refused.length > 0) {
      const first = refused[0]!;
      throw badRequest(`${first.path}: ${first.message}`, refused);
    }
    return read;
  }

  /** The item's first photos; one hosted elsewhere or gone is skipped and said so. */
  private async itemPhotos(
    accountId: string,
    item: Item | null,
    skipped: EnrichByImagesResponse['skippedPhotos'],
  ): Promise<ReadPhoto[]> {
    const read: ReadPhoto[] = [];
    for (const image of (item?.generalDetails.images ?? []).slice(0, ENRICHMENT_MAX_PHOTOS)) {
      const photo = image.url;
      const found = await this.images.readOwnedPhoto(accountId, photo);
      if (found.kind === 'image')
        read.push({ photo, bytes: found.bytes, mimeType: found.mimeType });
      else {
        skipped.push({
          photo,
          reason: found.kind === 'not-found' ? PHOTO_NOT_FOUND : PHOTO_ELSEWHERE,
        });
      }
    }
    return read;
  }

  /** The vision model's suggestions; its failure leaves the local findings, and is logged. */
  private async askVision(
    ctx: RequestContext,
    item: Item | null,
    photos: readonly ReadPhoto[],
  ): Promise<{
    used: boolean;
    suggestions: Awaited<ReturnType<PhotoVisionPort['suggestFromPhotos']>>;
  }> {
    if (photos.length === 0) return { used: false, suggestions: null };
    try {
      const details = item?.generalDetails;
      const suggestions = await this.vision.suggestFromPhotos({
        accountId: ctx.accountId,
        userId: ctx.user.id,
        photos: photos.map(({ bytes, mimeType }) => ({ bytes, mimeType })),
        ...(details
          ? {
              item: {
                title: details.title,
                description: details.description,
                brand: details.brand,
                category: details.category ?? undefined,
              },
            }
          : {}),
      });
      return { used: suggestions !== null, suggestions };
    } catch (error) {
      this.logger.warn({ err: error }, 'The vision model could not suggest from the photos');
      return { used: false, suggestions: null };
    }
  }
}

/** sharp's refusals of a picture: over the pixel cap, or not a picture at all. */
function isUnreadable(error: unknown): boolean {
  return (
    error instanceof Error &&
    /pixel limit|unsupported image format|Input buffer contains|corrupt/i.test(error.message)
  );
}

function unreadableReason(error: unknown): string {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return STORED_TOO_LARGE;
  if (isUnreadable(error)) return NOT_AN_IMAGE;
  return 'This photo could not be read.';
}
