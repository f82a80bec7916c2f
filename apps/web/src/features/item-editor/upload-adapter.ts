import { IMAGE_ID_HEADER } from '@listloop/domain';

/**
 * Where the photos server tells the browser which image a finished upload became. This is the
 * one place that knows: the `Upload-Image-Id` header of the final PATCH, else the last path
 * segment of the tus upload URL (the upload id is the image id, docs/decisions/0008).
 */

export function imageIdFromUpload(input: {
  header?: string | null;
  uploadURL?: string | null;
}): string | null {
  const header = input.header?.trim();
  if (header) return header;
  if (!input.uploadURL) return null;
  try {
    const path = new URL(input.uploadURL, 'http://local.invalid').pathname;
    const last = path.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

/** The bit of Uppy's upload-success response the adapter reads. */
export interface UploadResponseLike {
  uploadURL?: string;
  body?: { xhr?: Pick<XMLHttpRequest, 'getResponseHeader'> | null } | null;
}

export function imageIdFromUppyResponse(response: UploadResponseLike | undefined): string | null {
  let header: string | null = null;
  try {
    header = response?.body?.xhr?.getResponseHeader(IMAGE_ID_HEADER) ?? null;
  } catch {
    header = null;
  }
  return imageIdFromUpload({ header, uploadURL: response?.uploadURL ?? null });
}
