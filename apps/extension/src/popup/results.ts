import { isWebUrl, type NeedsYouReason } from '@listloop/domain';
import type { MessageKey, Translate } from '../i18n';
import type { WorkResult } from '../work/state';
import { itemTitle, marketplaceName, operationLabel, whenText } from './labels';

/** One line of the popup's last results, in words. */

const NEEDS_YOU_OUTCOMES: Record<NeedsYouReason, MessageKey> = {
  captcha: 'result.needsYou.captcha',
  signed_out: 'result.needsYou.signedOut',
  unknown_layout: 'result.needsYou.unknownLayout',
  blocked: 'result.needsYou.blocked',
  interrupted: 'result.needsYou.interrupted',
};

export interface ResultView {
  title: string;
  /** The operation, the marketplace and when ("List on Vinted · 2:05 PM"). */
  meta: string;
  outcome: string;
  tone: WorkResult['outcome'];
  /** The listing's page there (or the page a stop left), only ever a web address. */
  link: { href: string; text: string; label: string } | null;
}

function outcomeText(t: Translate, result: WorkResult, marketplace: string): string {
  const message = result.message?.trim();
  switch (result.outcome) {
    case 'done':
      return t('result.done');
    case 'failed':
      return message ? t('result.failed', { message }) : t('result.failedBare');
    case 'needs_you':
      return result.reason
        ? t(NEEDS_YOU_OUTCOMES[result.reason], { marketplace })
        : t('queue.needsYou');
    case 'lost':
      return message ? t('result.lostWhy', { message }) : t('result.lost');
  }
}

export function resultView(t: Translate, result: WorkResult, now: number): ResultView {
  const marketplace = marketplaceName(result.marketplace);
  const title = itemTitle(t, result.title);
  const stopPage = result.outcome === 'needs_you';
  return {
    title,
    meta: t('result.meta', {
      operation: operationLabel(t, result.operation),
      marketplace,
      when: whenText(t, result.at, now),
    }),
    outcome: outcomeText(t, result, marketplace),
    tone: result.outcome,
    link:
      result.url && isWebUrl(result.url)
        ? {
            href: result.url,
            text: t(stopPage ? 'needsYou.openPage' : 'result.view'),
            label: t(stopPage ? 'needsYou.openPageLabel' : 'result.viewLabel', {
              title,
              marketplace,
            }),
          }
        : null,
  };
}
