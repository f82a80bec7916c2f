import {
  ITEM_CONDITIONS,
  REGIONAL_TEXT_SETS,
  type ItemCondition,
  type MappingField,
  type PricingRule,
  type PricingStepKind,
  type RegionalTextSet,
} from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { regionLabelId } from '../../i18n/dynamic-messages';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { conditionMessages, itemFieldMessages } from '../../lib/inventory/item.messages';
import { formOverrideMessages } from '../../lib/listings/listing.messages';
import { formatMoney } from '../../lib/money/money-format';
import type { DefaultsProblem } from './defaults-form';
import type { MappingValueProblem } from './mapping-rule-form';
import type { PricingProblem } from './pricing-rule-form';
import {
  mappingMessages,
  pricingStepMessages,
  roundingMessages,
  valueProblemMessages,
} from './rules.messages';

type ColourLabel = RegionalTextSet['labels']['colour'];

export function mappingFieldLabel(
  intl: IntlShape,
  field: MappingField,
  colourLabel: ColourLabel,
): string {
  if (field === 'colour') return intl.formatMessage({ id: regionLabelId(colourLabel) });
  return intl.formatMessage(itemFieldMessages[field]);
}

function isItemCondition(value: string): value is ItemCondition {
  return (ITEM_CONDITIONS as readonly string[]).includes(value);
}

/** A mapping rule's own value: our conditions by their names, anything else as typed. */
export function mappingFromText(intl: IntlShape, field: MappingField, value: string): string {
  if (field === 'condition' && isItemCondition(value)) {
    return intl.formatMessage(conditionMessages[value]);
  }
  return value;
}

export function mappingProblemText(
  intl: IntlShape,
  problem: MappingValueProblem,
  colourLabel: ColourLabel,
): string {
  switch (problem.code) {
    case 'required':
      return intl.formatMessage(mappingMessages.required);
    case 'tooLong':
      return intl.formatMessage(valueProblemMessages.tooLong, { max: problem.max });
    case 'overlap':
      return intl.formatMessage(mappingMessages.overlap, {
        field: mappingFieldLabel(intl, problem.other.field, colourLabel),
        value: mappingFromText(intl, problem.other.field, problem.other.from),
      });
  }
}

/** Why a pricing or defaults value cannot be saved; amounts in the account's currency. */
export function valueProblemText(
  intl: IntlShape,
  problem: PricingProblem | DefaultsProblem,
  money?: (amount: number) => string,
): string {
  const limit = (value: number) => (money ? money(value) : intl.formatNumber(value));
  switch (problem.code) {
    case 'tooSmall':
      return intl.formatMessage(valueProblemMessages.tooSmall, { limit: limit(problem.limit) });
    case 'tooBig':
      return intl.formatMessage(valueProblemMessages.tooBig, { limit: limit(problem.limit) });
    case 'tooLong':
      return intl.formatMessage(valueProblemMessages.tooLong, { max: problem.max });
    case 'decimals':
      return intl.formatMessage(valueProblemMessages.decimals);
    case 'wholeNumber':
      return intl.formatMessage(valueProblemMessages.wholeNumber);
    case 'minAboveMax':
      return intl.formatMessage(valueProblemMessages.minAboveMax);
    case 'countryCode':
      return intl.formatMessage(valueProblemMessages.countryCode);
    case 'invalid':
      return intl.formatMessage(valueProblemMessages.invalid);
  }
}

/** "+10%", "-5.5%": a percentage change in the reader's notation. */
export function signedPercent(intl: IntlShape, percent: number): string {
  return intl.formatNumber(percent / 100, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 2,
  });
}

/** What one step of a pricing rule did: "Percentage +10%", "Rounding (up to .99)", "Minimum $15.00". */
export function pricingStepText(
  intl: IntlShape,
  kind: PricingStepKind,
  rule: Pick<
    PricingRule,
    'adjustmentPercent' | 'fixedAmount' | 'rounding' | 'minimumPrice' | 'maximumPrice'
  >,
  /** The rule's currency: the account's. */
  currency: string,
): string {
  const money = (amount: number, signed = false) =>
    formatMoney(amount, currency, { locale: intl.locale, accountCurrency: currency, signed });
  switch (kind) {
    case 'percent':
      return intl.formatMessage(pricingStepMessages.percent, {
        percent: signedPercent(intl, rule.adjustmentPercent),
      });
    case 'fixed':
      return intl.formatMessage(pricingStepMessages.fixed, {
        amount: money(rule.fixedAmount, true),
      });
    case 'floor_at_zero':
      return intl.formatMessage(pricingStepMessages.floor_at_zero);
    case 'rounding':
      return intl.formatMessage(pricingStepMessages.rounding, {
        rounding: intl.formatMessage(roundingMessages[rule.rounding], { currency }),
      });
    case 'minimum':
      return intl.formatMessage(pricingStepMessages.minimum, {
        price: money(rule.minimumPrice ?? 0),
      });
    case 'maximum':
      return intl.formatMessage(pricingStepMessages.maximum, {
        price: money(rule.maximumPrice ?? 0),
      });
  }
}

/** Region label ids (the postal-code and colour labels) the form overrides may name. */
const REGION_LABEL_IDS = new Set<string>(
  Object.values(REGIONAL_TEXT_SETS).flatMap((set) => Object.values(set.labels)),
);

function isRegionLabel(
  id: string,
): id is RegionalTextSet['labels'][keyof RegionalTextSet['labels']] {
  return REGION_LABEL_IDS.has(id);
}

function isFormOverrideId(id: string): id is keyof typeof formOverrideMessages {
  return id in formOverrideMessages;
}

/** A label or title the spec §1 form overrides name, or null when this app has no text for it. */
export function formOverrideText(intl: IntlShape, id: string | undefined): string | null {
  if (!id) return null;
  if (isRegionLabel(id)) return intl.formatMessage({ id: regionLabelId(id) });
  if (isFormOverrideId(id)) return intl.formatMessage(formOverrideMessages[id]);
  return null;
}

/**
 * A refused rule change: the server's own sentence for a 4xx it explains (a conflict, a value
 * it refused), which says more than the generic text of its code; anything else as usual.
 */
export function ruleErrorText(intl: IntlShape, error: unknown): string {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 403 &&
    typeof error.body?.message === 'string' &&
    error.body.message
  ) {
    return error.body.message;
  }
  return errorText(intl, error);
}
