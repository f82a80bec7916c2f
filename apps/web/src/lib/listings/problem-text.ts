import {
  ITEM_CONDITIONS,
  MARKETPLACE_IDS,
  MARKETPLACE_NAMES,
  REQUIRABLE_FIELDS,
  defaultCatalogue,
  type ItemCondition,
  type ListingProblem,
  type MarketplaceId,
  type RequirableField,
} from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { formatMoney } from '../money/money-format';
import { conditionMessages } from '../inventory/item.messages';
import { marketplaceConditionText } from './listing-values';
import {
  extraFieldMessages,
  listingProblemMessages,
  priceAboveZeroMessage,
  requirableFieldMessages,
} from './listing.messages';

type Problem = Pick<ListingProblem, 'code' | 'field' | 'message' | 'params'>;

/** The checks name the marketplace by its display name; the labels need its id. */
function marketplaceNamed(name: string): MarketplaceId | undefined {
  return MARKETPLACE_IDS.find((id) => MARKETPLACE_NAMES[id] === name);
}

const isItemCondition = (value: string): value is ItemCondition =>
  (ITEM_CONDITIONS as readonly string[]).includes(value);

function isRequirable(value: unknown): value is RequirableField {
  return (REQUIRABLE_FIELDS as readonly unknown[]).includes(value);
}

const numberOf = (value: string | number | undefined): number =>
  typeof value === 'number' ? value : Number(value ?? 0);

/**
 * A listing problem in the reader's language, with the fix it needs. The checks give a code and
 * its params (the marketplace's display name, limits, counts); money is formatted in the
 * listing's currency, which is the account's. A code this app does not know yet shows the server's English sentence.
 */
export function listingProblemText(intl: IntlShape, problem: Problem): string {
  const params = problem.params;
  const marketplace = String(params.marketplace ?? '');
  const currency = typeof params.currency === 'string' ? params.currency : 'USD';
  const money = (value: string | number | undefined) =>
    formatMoney(numberOf(value), currency, { locale: intl.locale, accountCurrency: currency });
  const descriptor = listingProblemMessages[problem.code];
  if (!descriptor) return problem.message;
  const extraLabel = (key: string) =>
    Object.hasOwn(extraFieldMessages, key)
      ? intl.formatMessage(extraFieldMessages[key as keyof typeof extraFieldMessages])
      : key;

  switch (problem.code) {
    case 'price.tooLow':
      if (numberOf(params.min) <= 0)
        return intl.formatMessage(priceAboveZeroMessage, { marketplace });
      return intl.formatMessage(descriptor, { marketplace, minPrice: money(params.min) });
    case 'price.tooHigh':
      return intl.formatMessage(descriptor, { marketplace, maxPrice: money(params.max) });
    case 'tags.tooMany':
      return intl.formatMessage(descriptor, {
        marketplace,
        max: numberOf(params.max),
        over: numberOf(params.count) - numberOf(params.max),
      });
    case 'condition.notMappable': {
      // Codes on both sides: ours by our names, the marketplace's by its own.
      const id = marketplaceNamed(marketplace);
      const condition = String(params.condition ?? '');
      const values = id ? (defaultCatalogue[id].conditions?.values ?? []) : [];
      const accepted =
        typeof params.accepted === 'string' && params.accepted !== ''
          ? params.accepted.split(', ')
          : values;
      const label = (value: string) => (id ? marketplaceConditionText(intl, id, value) : value);
      return intl.formatMessage(descriptor, {
        marketplace,
        condition: isItemCondition(condition)
          ? intl.formatMessage(conditionMessages[condition])
          : values.includes(condition)
            ? label(condition)
            : condition,
        accepted: intl.formatList(accepted.map(label), { type: 'disjunction' }),
      });
    }
    case 'extra.missing':
    case 'extra.invalid':
    case 'extra.characterNotAllowed': {
      const key = String(params.field ?? '');
      return intl.formatMessage(descriptor, { ...params, marketplace, field: extraLabel(key) });
    }
    case 'extra.tooMany':
      return intl.formatMessage(descriptor, {
        marketplace,
        field: extraLabel(String(params.field ?? '')),
        max: numberOf(params.max),
        over: numberOf(params.count) - numberOf(params.max),
      });
    case 'field.notAnId': {
      const field = params.field;
      if (!isRequirable(field)) return problem.message;
      return intl.formatMessage(descriptor, {
        marketplace,
        value: String(params.value ?? ''),
        fieldName: intl.formatMessage(requirableFieldMessages[field]),
      });
    }
    case 'condition.missing':
    case 'field.missing': {
      const field = params.field;
      // A condition the marketplace requires reads like any other required field; without
      // `field` it is the condition mapping's problem: the item has no condition at all.
      if (problem.code === 'condition.missing' && field === undefined) {
        return intl.formatMessage(descriptor, { marketplace });
      }
      if (!isRequirable(field)) return problem.message;
      return intl.formatMessage(listingProblemMessages['field.missing'], {
        marketplace,
        fieldName: intl.formatMessage(requirableFieldMessages[field]),
      });
    }
    default: {
      const values: Record<string, string | number> = { marketplace };
      for (const [key, value] of Object.entries(params)) {
        if (key !== 'marketplace') values[key] = value;
      }
      return intl.formatMessage(descriptor, values);
    }
  }
}
