import http from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type Upload } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { Logger } from 'pino';
import {
  ERROR_MESSAGES,
  IMAGE_ID_HEADER,
  IMAGE_UPLOAD_PATH,
  isAcceptedImageType,
  MAX_IMAGE_UPLOAD_BYTES,
  type ApiErrorBody,
  type ErrorCode,
} from '@listloop/domain';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { ImageService } from './image.service';
import { NOT_AN_IMAGE } from './image.service';
import type { UploadRepository } from './upload.repository';

/** Who sends an upload request; null on the public OPTIONS request. */
export interface UploadCaller {
  accountId: string;
  userId: string;
}

/** Spec §5: creating an image upload needs a signed-in user. */
export const UNDEFINED_USER_UID = 'Undefined user uid';

/**
 * Unfinished uploads are kept an hour from their start: long enough to pause and resume a
 * 25 MB picture on a slow line or across a restart, short enough that abandoned bytes do not
 * pile up (the purge job removes them).
 */
export const UPLOAD_EXPIRES_AFTER_MS = 60 * 60 * 1000;

/**
 * What one user's unfinished uploads may hold at once: more than the 24 photos of an item
 * (the app sends three at a time), and a few hundred megabytes of disk at most.
 */
export const UPLOAD_QUOTA = { count: 30, bytes: 300 * 1024 * 1024 } as const;

export const UPLOAD_QUOTA_EXCEEDED = `You have too many unfinished uploads (at most ${UPLOAD_QUOTA.count} pictures or ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB at once). Let them finish or cancel some, then try again; an unfinished upload is removed after an hour.`;

/** Uploads the purge job removes per batch. */
const PURGE_BATCH = 500;

/** The owner, written into the upload's metadata by the server; a client's values are replaced. */
const OWNER_ACCOUNT = 'listloopAccountId';
const OWNER_USER = 'listloopUserId';

function codeFor(status: number): ErrorCode {
  if (status === 401) return 'auth/user-logged-out';
  if (status === 403) return 'auth/forbidden';
  if (status === 404 || status === 410) return 'request/not-found';
  if (status === 409) return 'request/conflict';
  if (status === 429) return 'request/too-many';
  if (status >= 500) return 'server/internal';
  return 'request/invalid';
}

/**
 * The tus 1.0 resumable-upload server (spec §4 upload tasks: a client pauses by stopping,
 * resumes by asking HEAD for the offset and PATCHing the rest). Bytes land in a FileStore under
 * DATA_DIR/uploads, which survives restarts; a finished upload is checked with sharp and
 * becomes the image of the same id, and the upload's own file is then removed.
 *
 * Every error answer is turned into the API's JSON error body, so an upload failure reads like
 * any other API failure.
 */
export class UploadServer {
  private readonly tus: Server;
  private readonly store: FileStore;
  private readonly callers = new WeakMap<Request, UploadCaller>();
  private readonly failures = new WeakMap<Request, unknown>();

  constructor(
    private readonly directory: string,
    private readonly images: ImageService,
    private readonly uploads: UploadRepository,
    private readonly logger: Logger,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.store = new FileStore({
      directory,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRES_AFTER_MS,
    });
    this.tus = new Server({
      path: IMAGE_UPLOAD_PATH,
      datastore: this.store,
      maxSize: MAX_IMAGE_UPLOAD_BYTES,
      relativeLocation: true,
      // Same-origin only, like the rest of the API: no CORS grant.
      allowedOrigins: [],
      exposedHeaders: [IMAGE_ID_HEADER],
      namingFunction: (req) => {
        this.callerOf(req);
        return newId();
      },
      onIncomingRequest: async (req, uploadId) => {
        this.callerOf(req);
        if (req.method === 'HEAD') await this.finishIfComplete(req, uploadId);
      },
      onUploadCreate: async (req, upload) => {
        const caller = this.callerOf(req);
        const filetype = upload.metadata?.filetype;
        if (filetype && !isAcceptedImageType(filetype)) {
          throw new AppError(415, 'request/invalid', NOT_AN_IMAGE);
        }
        await this.reserve(caller, upload);
        return {
          metadata: {
            ...upload.metadata,
            [OWNER_ACCOUNT]: caller.accountId,
            [OWNER_USER]: caller.userId,
          },
        };
      },
      onUploadFinish: async (req, upload) => {
        await this.finish(req, upload);
        return { headers: { [IMAGE_ID_HEADER]: upload.id } };
      },
      onResponseError: (req, error) => {
        this.failures.set(req, error);
        return undefined;
      },
    });
    // The picture now lives in storage; the upload's copy is no longer needed.
    this.tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
      this.store.remove(upload.id).catch(() => undefined);
    });
    // A cancelled upload no longer counts against its user's quota.
    this.tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
      this.release(id);
    });
  }

  /**
   * Counts a new upload against its user's quota, or refuses it (429) when the user's
   * unfinished uploads already hold as many pictures or bytes as they may.
   */
  private async reserve(caller: UploadCaller, upload: Upload): Promise<void> {
    const byteSize = upload.size ?? MAX_IMAGE_UPLOAD_BYTES;
    const now = this.now();
    const fits = await this.uploads.reserve(
      {
        id: upload.id,
        accountId: caller.accountId,
        userId: caller.userId,
        byteSize,
        expiresAt: new Date(now + UPLOAD_EXPIRES_AFTER_MS),
      },
      new Date(now),
      (usage) =>
        usage.count + 1 <= UPLOAD_QUOTA.count && usage.bytes + byteSize <= UPLOAD_QUOTA.bytes,
    );
    if (!fits) throw new AppError(429, 'request/too-many', UPLOAD_QUOTA_EXCEEDED);
  }

  private release(uploadId: string): void {
    this.uploads.release(uploadId).catch((error: unknown) => {
      this.logger.warn({ err: error, uploadId }, 'could not release an upload from its quota');
    });
  }

  private callerOf(req: Request): UploadCaller {
    const caller = this.callers.get(req);
    if (!caller) throw new AppError(401, 'auth/user-logged-out', UNDEFINED_USER_UID);
    return caller;
  }

  private async finish(req: Request, upload: Upload): Promise<void> {
    const caller = this.callerOf(req);
    try {
      await this.images.storeUpload(await this.images.ownerOf(caller), {
        imageId: upload.id,
        file: path.join(this.directory, upload.id),
        size: upload.offset,
      });
    } catch (error) {
      // A file that is not a picture can never become one: drop it rather than keep it.
      if (error instanceof AppError && error.statusCode < 500) {
        await this.store.remove(upload.id).catch(() => undefined);
        await this.uploads.release(upload.id);
      }
      throw error;
    }
    await this.uploads.release(upload.id);
  }

  /**
   * A HEAD on an upload whose bytes all arrived, but whose image was not made (the server
   * failed or stopped in between), makes it now; the answer then names the image.
   */
  private async finishIfComplete(req: Request, uploadId: string): Promise<void> {
    const upload = await this.store.getUpload(uploadId).catch(() => null);
    if (upload && upload.size !== undefined && upload.offset === upload.size) {
      await this.finish(req, upload);
    }
  }

  /** 404 unless the upload exists and belongs to the caller (another account's is not found). */
  async assertOwnUpload(caller: UploadCaller, uploadId: string): Promise<void> {
    const upload = /^[A-Za-z0-9]{20,64}$/.test(uploadId)
      ? await this.store.getUpload(uploadId).catch(() => null)
      : null;
    if (
      !upload ||
      upload.metadata?.[OWNER_ACCOUNT] !== caller.accountId ||
      upload.metadata?.[OWNER_USER] !== caller.userId
    ) {
      throw notFound('No upload with this id.');
    }
  }

  /** Answers one tus request on the raw Node request and response. */
  async handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    caller: UploadCaller | null,
  ): Promise<void> {
    const request = new NodeRequest({ req, res });
    if (caller) this.callers.set(request, caller);
    let response = await this.tus.handleWeb(request);
    if (response.status >= 400) response = await this.asApiError(request, response);
    else if (req.method === 'HEAD') response = this.withImageId(request, response);
    await sendNodeResponse(res, response);
  }

  /** A HEAD of a complete upload also names the image it became. */
  private withImageId(request: Request, response: Response): Response {
    const offset = response.headers.get('upload-offset');
    if (offset === null || offset !== response.headers.get('upload-length')) return response;
    const id = new URL(request.url).pathname.split('/').pop();
    if (id) response.headers.set(IMAGE_ID_HEADER, id);
    return response;
  }

  private async asApiError(request: Request, response: Response): Promise<Response> {
    const failure = this.failures.get(request);
    const text = (await response.text()).trim();
    const status = failure instanceof AppError ? failure.statusCode : response.status;
    if (status >= 500) {
      this.logger.error({ err: failure, status, tus: text }, 'upload failed');
    }
    const body: ApiErrorBody = {
      statusCode: status,
      code: failure instanceof AppError ? failure.code : codeFor(status),
      error: http.STATUS_CODES[status] ?? 'Error',
      message:
        status >= 500
          ? ERROR_MESSAGES['server/internal']
          : failure instanceof AppError
            ? failure.message
            : ((text || http.STATUS_CODES[status]) ?? 'The upload request is not valid.'),
    };
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.set('content-type', 'application/json; charset=utf-8');
    return new Response(JSON.stringify(body), { status, headers });
  }

  /**
   * Removes the uploads whose hour ran out unfinished: the bytes of each counted one and its
   * place in the quota, then any file left from before it was counted.
   */
  async purgeExpired(): Promise<number> {
    let purged = 0;
    for (;;) {
      const ids = await this.uploads.expired(new Date(this.now()), PURGE_BATCH);
      if (ids.length === 0) break;
      for (const id of ids) {
        if (
          await this.store.remove(id).then(
            () => true,
            () => false,
          )
        )
          purged += 1;
      }
      await this.uploads.removeMany(ids);
      if (ids.length < PURGE_BATCH) break;
    }
    return purged + (await this.tus.cleanUpExpiredUploads());
  }
}
