import {
  MARKETPLACE_NAMES,
  isWebUrl,
  type ListingOperationKind,
  type MarketplaceId,
  type NeedsYou,
  type NeedsYouReason,
} from '@listloop/domain';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { ExtensionAbsence } from '../../lib/connections/executor-presence';
import { listingMessages } from './listing.messages';

/**
 * What the item screen says of an operation the extension cannot carry out now: one it handed
 * to the seller (needs you), or one no paired browser will take. Each says what happened and
 * what the seller must do, in words; a reason code never reaches the screen.
 */

/** What happened and what to do, per reason; some depend on the operation (list or delist). */
const NEEDS_YOU_MESSAGES: Record<NeedsYouReason, MessageDescriptor> = {
  captcha: listingMessages.needsYouCaptcha,
  signed_out: listingMessages.needsYouSignedOut,
  unknown_layout: listingMessages.needsYouUnknownLayout,
  blocked: listingMessages.needsYouBlocked,
  interrupted: listingMessages.needsYouInterrupted,
};

export interface NeedsYouView {
  /** What happened, and what the seller must do. */
  body: string;
  /** The marketplace's own words, quoted, when the page said anything. */
  detail: string | null;
  /** The page the extension stopped on, when it is a web address the browser may open. */
  pageUrl: string | null;
  /** The seller may list it by hand and mark it listed here. */
  markListed: boolean;
}

/**
 * The reasons the seller may settle by doing it on the marketplace themselves: the page was
 * not one ListLoop knows, or the browser closed it mid-send (it may be live already). Only a
 * list or relist ends in "listed"; a delist is settled with Mark not listed.
 */
const SETTLED_BY_HAND: readonly NeedsYouReason[] = ['unknown_layout', 'interrupted'];

export function needsYouView(
  intl: IntlShape,
  hold: { needsYou: NeedsYou; operation: ListingOperationKind },
  marketplace: MarketplaceId,
): NeedsYouView {
  const name = MARKETPLACE_NAMES[marketplace];
  const { reason, detail, pageUrl } = hold.needsYou;
  const said = detail?.trim();
  return {
    body: intl.formatMessage(NEEDS_YOU_MESSAGES[reason], {
      marketplace: name,
      // The message's select: delist, update, or other (list and relist).
      operation: hold.operation,
    }),
    detail: said
      ? intl.formatMessage(listingMessages.needsYouDetail, { marketplace: name, detail: said })
      : null,
    // The server takes only http(s) addresses; this keeps any other scheme out of an href.
    pageUrl: pageUrl && isWebUrl(pageUrl) ? pageUrl : null,
    markListed:
      SETTLED_BY_HAND.includes(reason) &&
      (hold.operation === 'list' || hold.operation === 'relist'),
  };
}

const ABSENCE_MESSAGES: Record<ExtensionAbsence, MessageDescriptor> = {
  notSeen: listingMessages.extensionWaitNotSeen,
  paused: listingMessages.extensionWaitPaused,
  signedOut: listingMessages.extensionWaitSignedOut,
};

/** Why no paired browser takes the marketplace's work now, and what brings one. */
export function extensionAbsenceText(
  intl: IntlShape,
  absence: ExtensionAbsence,
  marketplace: MarketplaceId,
  /** The server's window, in minutes ("in the last 10 minutes"). */
  minutes: number,
): string {
  return intl.formatMessage(ABSENCE_MESSAGES[absence], {
    marketplace: MARKETPLACE_NAMES[marketplace],
    minutes,
  });
}
