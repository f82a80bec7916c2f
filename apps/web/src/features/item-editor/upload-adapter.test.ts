import { describe, expect, it } from 'vitest';
import { imageRecordPath } from '@listloop/domain';
import {
  imageIdFromUpload,
  imageIdFromUppyResponse,
  type UploadResponseLike,
} from './upload-adapter';

/** An Uppy upload-success response whose last request answered with the given header. */
function uppyResponse(header: string | null, uploadURL: string): UploadResponseLike {
  return {
    uploadURL,
    body: {
      xhr: {
        getResponseHeader: (name: string) =>
          name.toLowerCase() === 'upload-image-id' ? header : null,
      },
    },
  };
}

describe('the upload adapter', () => {
  it('prefers the Upload-Image-Id header', () => {
    expect(imageIdFromUpload({ header: ' img_123 ', uploadURL: '/api/uploads/abc' })).toBe(
      'img_123',
    );
  });

  it('falls back to the last segment of the upload URL, relative or absolute', () => {
    expect(imageIdFromUpload({ header: '', uploadURL: '/api/uploads/abc123' })).toBe('abc123');
    expect(imageIdFromUpload({ uploadURL: 'http://127.0.0.1:3000/api/uploads/xyz/' })).toBe('xyz');
    expect(imageIdFromUpload({ uploadURL: '/api/uploads/a%20b?token=1' })).toBe('a b');
    expect(imageIdFromUpload({})).toBeNull();
  });

  it('reads the header from the XHR Uppy hands over', () => {
    expect(imageIdFromUppyResponse(uppyResponse('img_9', '/api/uploads/u1'))).toBe('img_9');
    expect(imageIdFromUppyResponse(uppyResponse(null, '/api/uploads/u1'))).toBe('u1');
    expect(imageIdFromUppyResponse(undefined)).toBeNull();
  });

  it('polls the image at its own path', () => {
    expect(imageRecordPath('img/1')).toBe('/api/uploads/images/img%2F1');
  });
});
