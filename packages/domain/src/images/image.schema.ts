import { z } from 'zod';

/** Spec §3 Image. url is the original; url_l (≤1600 px) and url_s (150 px) the derivatives. */
export const ImageSchema = z.object({
  id: z.string().min(1).max(64),
  url: z.string().min(1).max(2048),
  url_l: z.string().max(2048).default(''),
  url_s: z.string().max(2048).default(''),
  _l: z.string().max(2048).optional(),
  _s: z.string().max(2048).optional(),
  version: z.union([z.literal(2), z.literal(3)]).default(3),
  originalMaxDimension: z.number().int().min(0).max(100_000).default(0),
});
export type Image = z.infer<typeof ImageSchema>;

export const IMAGE_LARGE_MAX = 1600;
export const IMAGE_SMALL_SIZE = 150;
/** Spec §7: a requested width is never served below 800 px for large images. */
export const IMAGE_MIN_REQUESTED_WIDTH = 800;
export const MAX_IMAGES_PER_ITEM = 24;

/**
 * Uploads: the tus 1.0 endpoint, what it takes, and how the client learns the image an upload
 * became (the upload id is the image id; the final PATCH also answers it in a header).
 */
export const IMAGE_UPLOAD_PATH = '/api/uploads';
export const IMAGE_ID_HEADER = 'Upload-Image-Id';
/** HEIC is absent: the image library's bundled decoder reads AVIF but not HEVC. */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];
export const MAX_IMAGE_UPLOAD_BYTES = 25 * 1024 * 1024;
/**
 * The most pixels a picture may have: a 48-50 megapixel phone photo (8064 × 6048) passes,
 * while marketplaces show at most a few megapixels (eBay and our large version 1600 px, Etsy
 * 2000 px, Shopify at most 25 megapixels).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Whether a declared type is one we take ("image/jpg", which some clients send, is JPEG). */
export function isAcceptedImageType(type: string | null | undefined): boolean {
  const bare = (type ?? '').split(';')[0]!.trim().toLowerCase();
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(
    bare === 'image/jpg' ? 'image/jpeg' : bare,
  );
}

/** Where the record of an uploaded image is read: GET, answering StoredImageSchema. */
export function imageRecordPath(imageId: string): string {
  return `${IMAGE_UPLOAD_PATH}/images/${encodeURIComponent(imageId)}`;
}

export const IMAGE_STATUSES = ['processing', 'ready', 'failed'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

/**
 * An uploaded image as the server reports it: the spec's record (what an item stores in
 * generalDetails.images) and how far its large and small versions are.
 */
export const StoredImageSchema = z.object({
  image: ImageSchema,
  status: z.enum(IMAGE_STATUSES),
  failureReason: z.string().nullable(),
  /** Upright dimensions of the original. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type StoredImage = z.infer<typeof StoredImageSchema>;

/** Spec §3: the file extension comes from the MIME subtype, jpeg by default. */
export function extensionForMime(mime: string | null | undefined): string {
  const subtype = (mime ?? '').split('/')[1]?.split(/[;+]/)[0]?.trim().toLowerCase();
  // A subtype that could not be a file extension ("..", "-x", overlong) falls back too.
  return subtype && /^[a-z0-9](?:[a-z0-9-]|\.(?!\.)){0,9}$/.test(subtype) && !subtype.endsWith('.')
    ? subtype
    : 'jpeg';
}

/** Spec §4 upload task states and the transitions the uploader allows. */
export const UPLOAD_TASK_STATES = [
  'running',
  'pausing',
  'paused',
  'canceling',
  'canceled',
  'error',
  'success',
] as const;
export type UploadTaskState = (typeof UPLOAD_TASK_STATES)[number];
export type UploadTaskAction =
  'pause' | 'paused' | 'resume' | 'cancel' | 'canceled' | 'fail' | 'succeed';

const TRANSITIONS: Record<UploadTaskState, Partial<Record<UploadTaskAction, UploadTaskState>>> = {
  running: { pause: 'pausing', cancel: 'canceling', fail: 'error', succeed: 'success' },
  pausing: { paused: 'paused', resume: 'running', cancel: 'canceling', fail: 'error' },
  paused: { resume: 'running' },
  canceling: { canceled: 'canceled' },
  canceled: {},
  error: {},
  success: {},
};

/** The next state, or null when the action is not allowed from this state. */
export function nextUploadState(
  state: UploadTaskState,
  action: UploadTaskAction,
): UploadTaskState | null {
  return TRANSITIONS[state][action] ?? null;
}
