import type { Adapter } from '../contract';
import { driver } from './driver';
import { site } from './facts';
import { mapVestiaire, type VestiaireValues } from './mapping';

export const vestiaire: Adapter<VestiaireValues> = {
  marketplace: 'vestiaire',
  site,
  // ◐ The deposit form asks for at least 3 photos; 8 at most is the catalogue's conservative limit.
  maxPhotos: 8,
  map: mapVestiaire,
  driver,
};
