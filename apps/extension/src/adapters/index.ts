import type { ExtensionMarketplace } from '@listloop/domain';
import type { Adapter } from './contract';
import { vinted } from './vinted';
import { vestiaire } from './vestiaire';
import { poshmark } from './poshmark';

/** The adapters this extension carries, by marketplace. */
export const ADAPTERS: Partial<Record<ExtensionMarketplace, Adapter>> = {
  vinted: vinted as unknown as Adapter,
  vestiaire: vestiaire as unknown as Adapter,
  poshmark: poshmark as unknown as Adapter,
};
