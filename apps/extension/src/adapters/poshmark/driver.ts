import { createDriver } from '../../page/generic-driver';
import type { SiteFacts } from '../../page/site-facts';
import { facts } from './facts';
import type { PoshmarkValues } from './mapping';

/** Poshmark's pages take the shared driver as they are: everything specific is in facts.ts. */
export const makeDriver = (siteFacts: SiteFacts) =>
  createDriver<PoshmarkValues>('Poshmark', siteFacts);

export const driver = makeDriver(facts);
