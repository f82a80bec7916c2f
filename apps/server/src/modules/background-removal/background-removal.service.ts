import crypto from 'node:crypto';
import os from 'node:os';
import sharp from 'sharp';
import {
  BACKGROUND_REMOVAL_MAX_SIDE,
  BACKGROUND_WHITE,
  backgroundRemovalResultPath,
  isAcceptedImageType,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_UPLOAD_BYTES,
  type BackgroundOutput,
  type BackgroundRemovalFailure,
  type BackgroundRemovalJob,
  type BackgroundRemovalKept,
  type BackgroundRemovalUsage,
  type StoredImage,
} from '@listloop/domain';
import type { Logger } from 'pino';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import { stableJobId, type SendJob } from '../../platform/queue/job';
import type { Storage } from '../../platform/storage/storage';
import type { AccountService } from '../accounts';
import type { ImageService } from '../images';
import type { RemovalModelName, RemovalOutcome } from './background-removal.model';
import type {
  BackgroundRemovalRepository,
  BackgroundRemovalRow,
} from './background-removal.repository';

export const BACKGROUND_REMOVAL_JOB = 'background-removal.run';
const NO_SUCH_JOB = 'No such background removal.';
/** A removal's result (and a picture sent with the request) is kept this long after it ends. */
export const BACKGROUND_REMOVAL_RETENTION_HOURS = 24;

export interface BackgroundRemovalJobPayload {
  removalId: string;
  accountId: string;
}

/** What the service needs of the model (background-removal.model.ts). */
export interface RemovalModel {
  readonly model: RemovalModelName;
  /** How long the last picture took; null before the first (the model is loaded then too). */
  readonly lastMs: number | null;
  remove(bytes: Buffer, mimeType: 'image/jpeg' | 'image/png'): Promise<RemovalOutcome>;
}

export interface BackgroundRemovalOptions {
  /** Pictures each account may have processed; null: no limit (BACKGROUND_REMOVAL_LIMIT). */
  limit: number | null;
  leaseSeconds?: number;
  workerId?: string;
}

/** Who asks: the account and the person, as a request context has them. */
export interface Caller {
  accountId: string;
  user: { id: string };
}

interface Requested {
  output: BackgroundOutput;
  colour?: string | undefined;
  originPlatform: string;
}

/** A failure no retry mends: the removal fails at once with it. */
class RemovalRefused extends Error {
  constructor(
    readonly failure: BackgroundRemovalFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Past the account's limit: 429 with its own code, the limit and how many were used. */
export class BackgroundRemovalLimitReached extends AppError {
  constructor(
    readonly used: number,
    readonly limit: number,
  ) {
    super(
      429,
      'background-removal/limit-reached',
      limit === 0
        ? 'Background removal is turned off on this server (its limit is 0).'
        : `This account has used ${used} of its ${limit} background removals. ` +
            'Ask whoever runs ListLoop to raise BACKGROUND_REMOVAL_LIMIT.',
    );
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toJob(row: BackgroundRemovalRow): BackgroundRemovalJob {
  const done = row.status === 'done' && row.resultKey !== null;
  return {
    jobId: row.id,
    imageId: row.sourceImageId,
    output: row.output as BackgroundOutput,
    colour: row.output === 'png' ? null : row.colour,
    status: row.status,
    progress: row.progress,
    failure: (row.failure as BackgroundRemovalFailure | null) ?? null,
    contentType: done ? row.resultContentType : null,
    resultPath: done ? backgroundRemovalResultPath(row.id) : null,
    width: row.width,
    height: row.height,
    keptImageId: row.keptImageId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

/** A picture sent with the request, judged from its header (decision 0032's checks). */
async function probeSent(bytes: Buffer): Promise<'image/jpeg' | 'image/png' | string> {
  if (bytes.length === 0) throw badRequest('image: the body is empty; send the picture.');
  if (bytes.length > MAX_IMAGE_UPLOAD_BYTES) {
    throw new AppError(413, 'request/invalid', 'image: a picture can be at most 25 MB.');
  }
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    meta = {} as sharp.Metadata;
  }
  const mimeType =
    meta.format === 'heif' && meta.compression === 'av1'
      ? 'image/avif'
      : meta.format === 'jpeg' ||
          meta.format === 'png' ||
          meta.format === 'webp' ||
          meta.format === 'gif'
        ? `image/${meta.format}`
        : null;
  if (!mimeType || !meta.width || !meta.height || !isAcceptedImageType(mimeType)) {
    throw new AppError(
      415,
      'request/invalid',
      'image: this is not a picture ListLoop can read. Send a JPEG, PNG, WebP, GIF or AVIF image.',
    );
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      413,
      'request/invalid',
      `image: this picture is ${meta.width} × ${meta.height} pixels; ListLoop takes pictures of up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
  }
  return mimeType;
}

/**
 * Background removal (decision 0051): a durable job cuts the subject of a photo out with the
 * offline model, gives it the background asked for, and keeps the result until the seller keeps
 * it as a new image (the original is never changed) or discards it. Each picture processed adds
 * one to the account's usage counter, in the transaction that marks it done; an account past
 * its limit is refused before anything is queued.
 */
export class BackgroundRemovalService {
  private readonly leaseMs: number;
  private readonly workerId: string;
  /** The removals this process is working on now, under its lease. */
  private readonly held = new Set<string>();

  constructor(
    private readonly repository: BackgroundRemovalRepository,
    private readonly images: Pick<
      ImageService,
      'imageIdOf' | 'readOriginal' | 'storeImage' | 'ownerOf' | 'findOne'
    >,
    private readonly accounts: Pick<
      AccountService,
      'backgroundRemovalUsage' | 'addBackgroundRemovalUsage'
    >,
    private readonly storage: Storage,
    private readonly model: RemovalModel,
    private readonly send: SendJob<BackgroundRemovalJobPayload>,
    private readonly options: BackgroundRemovalOptions,
  ) {
    this.leaseMs = (options.leaseSeconds ?? 120) * 1000;
    this.workerId =
      options.workerId ??
      `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  }

  async usage(ctx: Caller): Promise<BackgroundRemovalUsage> {
    return {
      used: await this.accounts.backgroundRemovalUsage(ctx.accountId),
      limit: this.options.limit,
    };
  }

  /** Starts a removal of one of the account's photos; another account's is not found. */
  async startForImage(
    ctx: Caller,
    input: Requested & { imageId: string },
  ): Promise<BackgroundRemovalJob> {
    await this.images.findOne(ctx, input.imageId);
    return this.start(ctx, input, { sourceImageId: input.imageId });
  }

  /** The spec call's JSON form: `imageUrl` must name one of the account's photos. */
  async startForUrl(
    ctx: Caller,
    input: Requested & { imageUrl: string },
  ): Promise<BackgroundRemovalJob> {
    const imageId = this.images.imageIdOf(input.imageUrl);
    if (!imageId) {
      throw badRequest(
        'imageUrl: name one of this account’s photos (an address ListLoop gave for it), or send the picture itself.',
        [{ path: 'imageUrl', message: 'not a ListLoop photo address' }],
      );
    }
    try {
      await this.images.findOne(ctx, imageId);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        throw notFound('imageUrl: there is no such photo in this account.');
      }
      throw error;
    }
    return this.start(ctx, input, { sourceImageId: imageId });
  }

  /** The spec call's picture form: the picture is checked, stored beside the removal, and run. */
  async startForPicture(ctx: Caller, bytes: Buffer, input: Requested) {
    const mimeType = await probeSent(bytes);
    await this.refuseOverLimit(ctx.accountId);
    const id = newId();
    const sourceKey = `background-removals/${ctx.accountId}/${id}/source`;
    await this.storage.put(sourceKey, bytes, { contentType: mimeType });
    return this.start(ctx, input, { sourceKey }, id);
  }

  /** Refused before the picture is stored; `start` asks again under the account's lock. */
  private async refuseOverLimit(accountId: string) {
    const limit = this.options.limit;
    if (limit === null) return;
    const used = await this.accounts.backgroundRemovalUsage(accountId);
    const inFlight = await this.repository.inFlight(accountId);
    if (used + inFlight >= limit) throw new BackgroundRemovalLimitReached(used, limit);
  }

  private async start(
    ctx: Caller,
    input: Requested,
    source: { sourceImageId: string } | { sourceKey: string },
    id = newId(),
  ): Promise<BackgroundRemovalJob> {
    const colour =
      input.output === 'white'
        ? BACKGROUND_WHITE
        : input.output === 'colour'
          ? input.colour!
          : null;
    const row = await this.repository.transaction(async (tx) => {
      const limit = this.options.limit;
      if (limit !== null) {
        // Queued and running removals count too: each will be done, and counted, soon.
        await this.repository.lockAccount(tx, ctx.accountId);
        const used = await this.accounts.backgroundRemovalUsage(ctx.accountId, tx);
        const inFlight = await this.repository.inFlight(ctx.accountId, tx);
        if (used + inFlight >= limit) throw new BackgroundRemovalLimitReached(used, limit);
      }
      return this.repository.insert(
        {
          id,
          accountId: ctx.accountId,
          userId: ctx.user.id,
          ...source,
          originPlatform: input.originPlatform,
          output: input.output,
          colour: colour?.toLowerCase() ?? null,
        },
        tx,
      );
    });
    await this.send(
      { removalId: row.id, accountId: row.accountId },
      { id: stableJobId(BACKGROUND_REMOVAL_JOB, row.id) },
    ).catch(async (error: unknown) => {
      await this.storage.delete(`background-removals/${row.accountId}/${row.id}/source`);
      await this.repository.delete(row.accountId, row.id);
      throw error;
    });
    return toJob(row);
  }

  async find(ctx: Caller, id: string): Promise<BackgroundRemovalJob> {
    return toJob(await this.row(ctx, id));
  }

  private async row(ctx: Caller, id: string): Promise<BackgroundRemovalRow> {
    const row = await this.repository.findById(ctx.accountId, id);
    if (!row) throw notFound(NO_SUCH_JOB);
    return row;
  }

  /** Waits for a removal to end (done or failed), reading its row, for at most `timeoutMs`. */
  async waitForEnd(ctx: Caller, id: string, timeoutMs: number): Promise<BackgroundRemovalJob> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.find(ctx, id);
      if (job.status === 'done' || job.status === 'failed' || Date.now() >= until) return job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** The result's bytes; 409 before it is done. */
  async result(ctx: Caller, id: string): Promise<{ bytes: Buffer; contentType: string }> {
    const row = await this.row(ctx, id);
    if (row.status !== 'done' || !row.resultKey) {
      throw new AppError(409, 'background-removal/not-ready');
    }
    return {
      bytes: await this.storage.readBuffer(row.resultKey),
      contentType: row.resultContentType ?? 'image/png',
    };
  }

  /**
   * Keeps the result as a new image of the account, made like an upload (large and small
   * versions); the photo it came from is left as it was. Keeping twice answers the same image.
   */
  async keep(ctx: Caller, id: string): Promise<BackgroundRemovalKept> {
    const row = await this.row(ctx, id);
    if (row.status !== 'done' || !row.resultKey) {
      throw new AppError(409, 'background-removal/not-ready');
    }
    const owner = await this.images.ownerOf({ accountId: ctx.accountId, userId: ctx.user.id });
    const bytes = await this.storage.readBuffer(row.resultKey);
    // The image takes the removal's id: a second keep finds the image the first one made.
    const image: StoredImage = await this.images.storeImage(
      owner,
      bytes,
      row.resultContentType ?? 'image/png',
      { imageId: row.id },
    );
    await this.repository.setKept(ctx.accountId, row.id, image.image.id);
    return { job: toJob({ ...row, keptImageId: image.image.id }), image };
  }

  /** Discards a removal and its result (a kept image stays); a queued or running one stops. */
  async discard(ctx: Caller, id: string): Promise<void> {
    const row = await this.repository.delete(ctx.accountId, id);
    if (!row) throw notFound(NO_SUCH_JOB);
    await this.removeFiles(row);
  }

  private async removeFiles(row: BackgroundRemovalRow): Promise<void> {
    if (row.resultKey) await this.storage.delete(row.resultKey);
    if (row.sourceKey) await this.storage.delete(row.sourceKey);
  }

  /** Every hour: removals ended more than a day ago go, with their files. */
  async prune(logger: Logger, now = Date.now()): Promise<number> {
    const before = new Date(now - BACKGROUND_REMOVAL_RETENTION_HOURS * 3_600_000);
    let pruned = 0;
    for (;;) {
      const rows = await this.repository.endedBefore(before, 100);
      for (const row of rows) {
        await this.removeFiles(row);
        await this.repository.delete(row.accountId, row.id);
      }
      pruned += rows.length;
      if (rows.length < 100) break;
    }
    if (pruned > 0) logger.info({ pruned }, 'pruned background removals');
    return pruned;
  }

  /**
   * The job: takes the removal, prepares the picture (upright, at most 2048 px), runs the model,
   * gives the cut-out its background, stores it and marks the removal done and counted in one
   * transaction. A refusal (the photo is gone or unreadable) fails it at once; a model failure
   * puts it back for the next try, and fails it after the last.
   */
  async run(
    payload: BackgroundRemovalJobPayload,
    context: { retryCount: number; retryLimit: number; logger: Logger },
  ): Promise<void> {
    const row = await this.repository.take(payload.removalId, this.workerId, this.leaseMs);
    if (!row) return;
    const owner = this.workerId;
    this.held.add(row.id);
    try {
      const prepared = await this.prepare(row);
      await this.repository.progress(row.id, owner, 15, this.leaseMs);
      const outcome = await this.withEstimate(row.id, () =>
        this.model.remove(prepared.bytes, prepared.mimeType),
      );
      const result = await this.compose(outcome.png, row);
      await this.repository.progress(row.id, owner, 95, this.leaseMs);
      const resultKey = `background-removals/${row.accountId}/${row.id}/result.${result.extension}`;
      await this.storage.put(resultKey, result.bytes, { contentType: result.contentType });
      const ended = await this.repository.transaction(async (tx) => {
        const finished = await this.repository.finish(tx, row.id, owner, {
          resultKey,
          contentType: result.contentType,
          width: result.width,
          height: result.height,
        });
        if (finished) await this.accounts.addBackgroundRemovalUsage(row.accountId, 1, tx);
        return finished;
      });
      if (!ended) {
        // Discarded while the model ran: its result would be left with no removal naming it.
        if (!(await this.repository.findForJob(row.id))) await this.storage.delete(resultKey);
        return;
      }
      context.logger.info(
        { removalId: row.id, ms: outcome.ms, peakRss: outcome.peakRss, model: this.model.model },
        'background removed',
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RemovalRefused) {
        await this.repository.fail(row.id, error.failure, message);
        return;
      }
      if (context.retryCount >= context.retryLimit) {
        await this.repository.fail(row.id, 'modelFailed', message);
        context.logger.warn({ err: error, removalId: row.id }, 'background removal failed');
        return;
      }
      await this.repository.requeue(row.id, owner, message);
      throw error;
    } finally {
      this.held.delete(row.id);
    }
  }

  /**
   * The process is stopping with removals under way: each goes back to queued with no lease,
   * for its job's retry to take at once rather than after the lease runs out.
   */
  async releaseHeld(): Promise<number> {
    const held = [...this.held];
    this.held.clear();
    for (const id of held) {
      await this.repository.requeue(id, this.workerId, 'The process stopped before it finished.');
    }
    return held.length;
  }

  /** The picture the model is given: upright, without EXIF, at most 2048 px on its longest side. */
  private async prepare(
    row: BackgroundRemovalRow,
  ): Promise<{ bytes: Buffer; mimeType: 'image/jpeg' | 'image/png' }> {
    let source: Buffer;
    if (row.sourceImageId) {
      try {
        source = (await this.images.readOriginal(row, row.sourceImageId)).bytes;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          throw new RemovalRefused('sourceMissing', 'The photo was removed from the account.');
        }
        throw error;
      }
    } else {
      source = await this.storage.readBuffer(row.sourceKey!);
    }
    try {
      const image = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({
        width: BACKGROUND_REMOVAL_MAX_SIDE,
        height: BACKGROUND_REMOVAL_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
      const { hasAlpha } = await sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
      return hasAlpha
        ? { bytes: await image.png({ compressionLevel: 1 }).toBuffer(), mimeType: 'image/png' }
        : { bytes: await image.jpeg({ quality: 95 }).toBuffer(), mimeType: 'image/jpeg' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/pixel limit/i.test(message)) throw new RemovalRefused('tooLarge', message);
      throw new RemovalRefused('notAnImage', message);
    }
  }

  /**
   * While the model runs (it tells nothing until it ends), the progress moves from 20 to 90 by
   * how long the last picture took in this process, and the lease is renewed with it.
   */
  private async withEstimate<T>(id: string, work: () => Promise<T>): Promise<T> {
    // The first picture of a process also loads the model: about half again as long.
    const expected = this.model.lastMs ?? 20_000;
    const started = Date.now();
    const timer = setInterval(() => {
      const share = Math.min(0.95, (Date.now() - started) / expected);
      void this.repository
        .progress(id, this.workerId, 20 + Math.round(70 * share), this.leaseMs)
        .catch(() => undefined);
    }, 1000);
    try {
      await this.repository.progress(id, this.workerId, 20, this.leaseMs);
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /** PNG with transparency as it is; on white or a colour, flattened into a JPEG. */
  private async compose(png: Buffer, row: BackgroundRemovalRow) {
    if (row.output === 'png' || !row.colour) {
      const meta = await sharp(png).metadata();
      return {
        bytes: png,
        contentType: 'image/png',
        extension: 'png',
        width: meta.width ?? 0,
        height: meta.height ?? 0,
      };
    }
    const { data, info } = await sharp(png)
      .flatten({ background: row.colour })
      .jpeg({ quality: 92 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: info.width,
      height: info.height,
    };
  }
}
