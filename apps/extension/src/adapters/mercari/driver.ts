import type { StepResult } from '../contract';
import { query } from '../../page/dom';
import { createDriver } from '../../page/generic-driver';
import type { SiteFacts } from '../../page/site-facts';
import { facts, listed } from './facts';
import type { MercariValues } from './mapping';

/**
 * The new item's id and address from the confirmation the sell form ends on, which is not the
 * item's page: the item is the one it links to.
 */
function listedFromConfirmation(doc: Document, confirmation: typeof listed): StepResult | null {
  const href = query<HTMLAnchorElement>(doc, confirmation.link)?.getAttribute('href');
  if (!href) return null;
  const url = new URL(href, doc.location.href);
  const listedID = confirmation.id.exec(url.pathname)?.[1];
  if (!listedID) return null;
  return { kind: 'listed', listedID, listingURL: `${url.origin}${url.pathname}` };
}

/**
 * Mercari's pages take the shared driver, except after "List": the form ends on a confirmation
 * under /sell/ rather than on the item's page, so the id is read from its link to the item.
 * The item's page itself, should the site open it, is read as the shared driver reads it.
 */
export const makeDriver = (siteFacts: SiteFacts, confirmation: typeof listed = listed) => {
  const shared = createDriver<MercariValues>('Mercari', siteFacts);
  return createDriver<MercariValues>('Mercari', siteFacts, {
    async readListed(doc) {
      const answer = await shared.readListed(doc);
      if (answer.kind === 'stop' && answer.reason === 'unknown_layout') {
        return listedFromConfirmation(doc, confirmation) ?? answer;
      }
      return answer;
    },
  });
};

export const driver = makeDriver(facts);
