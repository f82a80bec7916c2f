import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { PresenceLine } from '../../lib/connections/executor-presence';
import { relativeTime } from '../../lib/relative-time';
import { browserExtensionMessages as m } from './browser-extension.messages';

const STATE_MESSAGES: Record<Extract<PresenceLine, { kind: 'seen' }>['state'], MessageDescriptor> =
  {
    signedIn: m.presenceSignedIn,
    signedOut: m.presenceSignedOut,
    paused: m.presencePaused,
  };

export interface PresenceText {
  text: string;
  /**
   * ready: a browser checked in lately, signed in and not paused. attention: one was seen but
   * takes nothing now (not lately, paused, signed out). none: no browser ever checked in.
   */
  tone: 'ready' | 'attention' | 'none';
}

/**
 * An extension marketplace's line on the Marketplaces screen: "Browser extension seen 3 minutes
 * ago · signed in", "… · signed out of Poshmark", "… · paused", or that none has checked in.
 */
export function presenceText(
  intl: IntlShape,
  line: PresenceLine,
  marketplace: MarketplaceId,
  now: number,
): PresenceText {
  if (line.kind === 'never') return { text: intl.formatMessage(m.presenceNever), tone: 'none' };
  const { value, unit } = relativeTime(line.lastSeenAt, now);
  const text = intl.formatMessage(STATE_MESSAGES[line.state], {
    when: intl.formatRelativeTime(value, unit, { numeric: 'auto' }),
    marketplace: MARKETPLACE_NAMES[marketplace],
  });
  return { text, tone: line.active && line.state === 'signedIn' ? 'ready' : 'attention' };
}
