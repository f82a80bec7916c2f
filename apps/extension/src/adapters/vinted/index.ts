import type { Adapter } from '../contract';
import { driver } from './driver';
import { site } from './facts';
import { mapVinted, type VintedValues } from './mapping';

export const vinted: Adapter<VintedValues> = {
  marketplace: 'vinted',
  site,
  maxPhotos: 20,
  map: mapVinted,
  driver,
};
