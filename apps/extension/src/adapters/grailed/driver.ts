import { createDriver } from '../../page/generic-driver';
import type { SiteFacts } from '../../page/site-facts';
import { facts } from './facts';
import type { GrailedValues } from './mapping';

/**
 * Grailed's pages take the shared driver as they are: its nested category menu is a picker
 * path, the designer box a searchable picker, and deleting happens on the edit form; all of it
 * is in facts.ts.
 */
export const makeDriver = (siteFacts: SiteFacts) =>
  createDriver<GrailedValues>('Grailed', siteFacts);

export const driver = makeDriver(facts);
