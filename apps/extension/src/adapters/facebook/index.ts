import type { Adapter } from '../contract';
import { driver } from './driver';
import { site } from './facts';
import { mapFacebook, type FacebookValues } from './mapping';

export const facebook: Adapter<FacebookValues> = {
  marketplace: 'facebook',
  site,
  // ◐ the form counts "0 / 10" photos; the catalogue's limit agrees.
  maxPhotos: 10,
  map: mapFacebook,
  driver,
};
