// The images module's door: photos (stored, resized, signed for the marketplaces) and the
// issues a photo reference can have.
export {
  ImageService,
  NOT_AN_IMAGE,
  PHOTO_ADDRESS_INVALID,
  PHOTO_NOT_FOUND,
  STORED_TOO_LARGE,
  type ImageOwner,
  type OwnedPhoto,
  type PhotoIssue,
  type PhotoRef,
  type ServedImage,
} from './image.service';
export { ImageUrlSigner, SIGNED_IMAGE_PREFIX, imageSigningKey } from './image.signing';
export { generateDemoPhoto } from './demo-photos';
