import type { RegionalTextSet } from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { listingFieldName } from '../../lib/listings/listing-values';

/**
 * The item field a CSV column fills, in the reader's language: "generalDetails.title" →
 * "Title", "generalDetails.weight.pounds" → "Weight (lb)", "listings.ebay.listedID" → "eBay
 * item number".
 */
export function fieldName(
  intl: IntlShape,
  field: string,
  labels: Pick<RegionalTextSet['labels'], 'colour' | 'postalCode'>,
): string {
  return listingFieldName(intl, field, {
    colourLabel: labels.colour,
    postalCodeLabel: labels.postalCode,
  });
}
