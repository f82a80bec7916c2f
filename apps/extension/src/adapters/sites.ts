import type { ExtensionMarketplace } from '@listloop/domain';
import type { SiteAddresses } from './contract';
import { site as facebook } from './facebook/facts';
import { site as depop } from './depop/facts';
import { site as grailed } from './grailed/facts';
import { site as mercari } from './mercari/facts';
import { site as vinted } from './vinted/facts';
import { site as vestiaire } from './vestiaire/facts';
import { site as poshmark } from './poshmark/facts';

/**
 * Each adapter's addresses, for the manifest: its content script runs on these pages, and the
 * extension asks for access to these sites and to no other (besides the ListLoop server).
 * Only facts files are imported here: the manifest is built in Node.
 */
export const SITES: { marketplace: ExtensionMarketplace; site: SiteAddresses }[] = [
  { marketplace: 'facebook', site: facebook },
  { marketplace: 'depop', site: depop },
  { marketplace: 'grailed', site: grailed },
  { marketplace: 'mercari', site: mercari },
  { marketplace: 'vinted', site: vinted },
  { marketplace: 'vestiaire', site: vestiaire },
  { marketplace: 'poshmark', site: poshmark },
];
