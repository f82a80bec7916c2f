import type { ConnectorScope } from '../../contract';

/** The account and user every connector test acts for. */
export const TEST_SCOPE: ConnectorScope = {
  accountId: 'account-000000000000000001',
  userId: 'user-0000000000000000001',
};

/** The start (SOI, JFIF marker) and end (EOI) of a JPEG file: enough to pass as one. */
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0xff, 0xd9]);

/** A PNG file's signature and a few bytes after it: enough to pass as one. */
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A photo as the emulators take one for a seller's own listing, and as a connector downloads it. */
export interface PhotoFile {
  bytes: Buffer;
  contentType: string;
}

/** The JPEG bytes as a photo file. */
export const JPEG_PHOTO: PhotoFile = { bytes: JPEG, contentType: 'image/jpeg' };

/** The PNG bytes as a photo file. */
export const PNG_PHOTO: PhotoFile = { bytes: PNG, contentType: 'image/png' };
