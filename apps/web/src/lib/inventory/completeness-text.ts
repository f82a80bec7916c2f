import type { CompletenessIssue, RegionalTextSet } from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { completenessMessages, itemFieldMessages } from './item.messages';

/**
 * One completeness issue of the domain rule in the reader's language. Weight messages name the
 * region's units (lb/oz in the US, kg/g elsewhere), since those are the boxes the seller sees.
 */
export function completenessText(
  intl: IntlShape,
  issue: CompletenessIssue,
  units: RegionalTextSet['weightUnits'],
): string {
  switch (issue.code) {
    case 'missingImages':
      return intl.formatMessage(completenessMessages.missingImages);
    case 'missingField':
      return intl.formatMessage(completenessMessages.missingField, {
        field: intl.formatMessage(itemFieldMessages[issue.field]),
      });
    case 'missingCategory':
      return intl.formatMessage(completenessMessages.missingCategory);
    case 'invalidWeightLb':
      return intl.formatMessage(completenessMessages.invalidWeightLb, { unit: units.major });
    case 'invalidWeightOz':
      return intl.formatMessage(completenessMessages.invalidWeightOz, { unit: units.minor });
    case 'tooManyLabels':
      return intl.formatMessage(completenessMessages.tooManyLabels, { limit: issue.limit });
  }
}
