import type { Adapter } from '../contract';
import { driver } from './driver';
import { site } from './facts';
import { mapPoshmark, type PoshmarkValues } from './mapping';

export const poshmark: Adapter<PoshmarkValues> = {
  marketplace: 'poshmark',
  site,
  maxPhotos: 16,
  map: mapPoshmark,
  driver,
};
