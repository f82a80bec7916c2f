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
      return intl.formatMessage(completenessMessages.invalidWeight, { unit: units.major });
    case 'invalidWeightOz':
      return intl.formatMessage(completenessMessages.invalidWeight, { unit: units.minor });
    case 'tooManyLabels':
      return intl.formatMessage(completenessMessages.tooManyLabels, { limit: issue.limit });
  }
}

/**
 * The item's completeness issues as the seller reads them, each with a stable key. The weight
 * is one field in two boxes: when both are wrong (an empty weight) it is one message naming
 * both units, not two lines saying the same.
 */
export function completenessTexts(
  intl: IntlShape,
  issues: readonly CompletenessIssue[],
  units: RegionalTextSet['weightUnits'],
): { key: string; text: string }[] {
  const codes = new Set(issues.map((issue) => issue.code));
  const bothWeights = codes.has('invalidWeightLb') && codes.has('invalidWeightOz');
  return issues.flatMap((issue) => {
    const key = issue.code === 'missingField' ? issue.field : issue.code;
    if (bothWeights && issue.code === 'invalidWeightOz') return [];
    if (bothWeights && issue.code === 'invalidWeightLb') {
      const unit = intl.formatList([units.major, units.minor], { type: 'conjunction' });
      return [
        {
          key: 'invalidWeight',
          text: intl.formatMessage(completenessMessages.invalidWeight, { unit }),
        },
      ];
    }
    return [{ key, text: completenessText(intl, issue, units) }];
  });
}
