import type { Adapter } from '../contract';
import { driver } from './driver';
import { site } from './facts';
import { mapMercari, type MercariValues } from './mapping';

export const mercari: Adapter<MercariValues> = {
  marketplace: 'mercari',
  site,
  maxPhotos: 12,
  map: mapMercari,
  driver,
};
