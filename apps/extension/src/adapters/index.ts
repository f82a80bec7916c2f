import type { ExtensionMarketplace } from '@listloop/domain';
import type { Adapter } from './contract';
import { poshmark } from './poshmark';

/** The adapters this extension carries, by marketplace. */
export const ADAPTERS: Partial<Record<ExtensionMarketplace, Adapter>> = {
  poshmark: poshmark as unknown as Adapter,
};
