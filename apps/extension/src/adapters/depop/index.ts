import type { Adapter } from '../contract';
import { driver } from './driver';
import { site } from './facts';
import { mapDepop, type DepopValues } from './mapping';

export const depop: Adapter<DepopValues> = {
  marketplace: 'depop',
  site,
  /** ✅ Depop takes 1 to 8 photos (the first 4 shown first ◐). */
  maxPhotos: 8,
  map: mapDepop,
  driver,
};
