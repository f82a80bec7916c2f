import {
  isWebUrl,
  type ListingOperationKind,
  type NeedsYou,
  type NeedsYouReason,
} from '@listloop/domain';
import type { MessageKey, Translate } from '../i18n';
import { itemTitle, marketplaceName, whenText } from './labels';

/**
 * What the popup says of an operation the extension handed to the seller: what happened and
 * what to do, in words (a reason code never reaches the screen), the marketplace's own words
 * when the page said any, and the page to open.
 */

const SENTENCES: Record<NeedsYouReason, MessageKey> = {
  captcha: 'needsYou.captcha',
  signed_out: 'needsYou.signedOut',
  unknown_layout: 'needsYou.unknownLayout',
  blocked: 'needsYou.blocked',
  interrupted: 'needsYou.interrupted',
};

/** What happened and what the seller does next; some depend on the operation (list or delist). */
export function needsYouSentence(
  t: Translate,
  reason: NeedsYouReason,
  marketplace: string,
  operation: ListingOperationKind,
): string {
  return t(SENTENCES[reason], { marketplace: marketplaceName(marketplace), operation });
}

export interface NeedsYouView {
  sentence: string;
  /** The marketplace's words, quoted, or null when the page said nothing. */
  detail: string | null;
  since: string;
  /** The page the extension stopped on; only a web address goes into an href. */
  pageUrl: string | null;
  openLabel: string;
  retryLabel: string;
}

export function needsYouView(
  t: Translate,
  entry: {
    title: string | null;
    marketplace: string;
    operation: ListingOperationKind;
    needsYou: NeedsYou;
  },
  now: number,
): NeedsYouView {
  const marketplace = marketplaceName(entry.marketplace);
  const title = itemTitle(t, entry.title);
  const { reason, detail, pageUrl, since } = entry.needsYou;
  const said = detail?.trim();
  return {
    sentence: needsYouSentence(t, reason, entry.marketplace, entry.operation),
    detail: said ? t('needsYou.detail', { marketplace, detail: said }) : null,
    since: t('needsYou.since', { when: whenText(t, since, now) }),
    pageUrl: pageUrl && isWebUrl(pageUrl) ? pageUrl : null,
    openLabel: t('needsYou.openPageLabel', { title, marketplace }),
    retryLabel: t('needsYou.retryLabel', { title, marketplace }),
  };
}
