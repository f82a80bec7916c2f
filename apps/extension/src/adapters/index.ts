import type { ExtensionMarketplace } from '@listloop/domain';
import type { Adapter } from './contract';
import { facebook } from './facebook';
import { depop } from './depop';
import { grailed } from './grailed';
import { mercari } from './mercari';
import { vinted } from './vinted';
import { vestiaire } from './vestiaire';
import { poshmark } from './poshmark';

/** The adapters this extension carries, by marketplace. */
export const ADAPTERS: Partial<Record<ExtensionMarketplace, Adapter>> = {
  facebook: facebook as unknown as Adapter,
  depop: depop as unknown as Adapter,
  grailed: grailed as unknown as Adapter,
  mercari: mercari as unknown as Adapter,
  vinted: vinted as unknown as Adapter,
  vestiaire: vestiaire as unknown as Adapter,
  poshmark: poshmark as unknown as Adapter,
};
