import type { Adapter } from '../contract';
import { driver } from './driver';
import { site } from './facts';
import { mapGrailed, type GrailedValues } from './mapping';

export const grailed: Adapter<GrailedValues> = {
  marketplace: 'grailed',
  site,
  // The form renders nine photo slots and none after the ninth is filled ✅.
  maxPhotos: 9,
  map: mapGrailed,
  driver,
};
