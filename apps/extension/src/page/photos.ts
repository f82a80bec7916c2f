import type { PagePhoto } from '../adapters/contract';
import { viewOf } from './dom';

/** Bytes → base64 for a message; chunked, since spreading a large array overflows the stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** A photo from a message as a File of the page's own realm, ready for its file input. */
export function photoFile(doc: Document, photo: PagePhoto): File {
  const view = viewOf(doc);
  const binary = atob(photo.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new view.File([bytes], photo.name, { type: photo.type });
}
