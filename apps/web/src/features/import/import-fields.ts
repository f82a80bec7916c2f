import type { IntlShape } from 'react-intl';
import { itemFieldMessages } from '../../lib/inventory/item.messages';

/**
 * The item field a CSV column fills, named in the reader's language when it is one of the
 * form's fields ("generalDetails.title" → "Title"); any other stays as the server wrote it.
 */
export function fieldName(intl: IntlShape, field: string): string {
  const key = field.split('.').at(-1) ?? field;
  return key in itemFieldMessages
    ? intl.formatMessage(itemFieldMessages[key as keyof typeof itemFieldMessages])
    : field;
}
