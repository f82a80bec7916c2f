import type { MessageDescriptor } from 'react-intl';
import type { MessageId } from './catalogues';

/**
 * Like react-intl's defineMessages, but the descriptors stay "untyped" for values: react-intl
 * 12 would otherwise type every message as taking no values. Ids are still checked against the
 * catalogue (MessageId), and the catalogue tests check the values each translation uses.
 */
export function defineMessages<
  const Messages extends Record<string, MessageDescriptor & { id: MessageId }>,
>(messages: Messages): Messages {
  return messages;
}
