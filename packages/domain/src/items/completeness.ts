import { LABELS_PER_ITEM_MAX, labelLimitMessage } from '../labels/label.schema';
import type { ItemStatus } from './item.schema';

export type CompletenessIssue =
  | { code: 'missingImages'; message: string }
  | {
      code: 'missingField';
      field: 'title' | 'description' | 'brand' | 'condition' | 'price';
      message: string;
    }
  | { code: 'missingCategory'; message: string }
  | { code: 'invalidWeightLb'; message: string }
  | { code: 'invalidWeightOz'; message: string }
  | { code: 'tooManyLabels'; limit: number; message: string };

export interface CompletenessInput {
  generalDetails: {
    images?: readonly unknown[] | null;
    title?: string | null;
    description?: string | null;
    brand?: string | null;
    condition?: string | null;
    price?: number | null;
    category?: string | null;
    categoryV2?: unknown;
    weight?: { pounds?: number | null; ounces?: number | null } | null;
  };
  labels?: readonly string[] | null;
}

const REQUIRED_FIELDS = [
  ['title', 'Title'],
  ['description', 'Description'],
  ['brand', 'Brand'],
  ['condition', 'Condition'],
  ['price', 'Price'],
] as const;

function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

function validWeightPart(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * Spec §5 listing completeness, the one rule both the server (on every save) and the item
 * form (live) run. The messages are the spec's; the web app formats the codes through its
 * catalogues.
 */
export function checkCompleteness(
  item: CompletenessInput,
  labelLimit: number = LABELS_PER_ITEM_MAX,
): CompletenessIssue[] {
  const details = item.generalDetails;
  const issues: CompletenessIssue[] = [];
  if (!details.images || details.images.length === 0)
    issues.push({ code: 'missingImages', message: 'Missing Images' });
  for (const [field, label] of REQUIRED_FIELDS) {
    if (isBlank(details[field]))
      issues.push({ code: 'missingField', field, message: `Missing ${label}` });
  }
  if (isBlank(details.category) && isBlank(details.categoryV2)) {
    issues.push({ code: 'missingCategory', message: 'Missing category' });
  }
  const pounds = details.weight?.pounds ?? 0;
  const ounces = details.weight?.ounces ?? 0;
  const poundsOk = validWeightPart(pounds);
  const ouncesOk = validWeightPart(ounces);
  const total = (poundsOk ? pounds : 0) + (ouncesOk ? ounces : 0);
  if (!poundsOk || (ouncesOk && total < 1)) {
    issues.push({ code: 'invalidWeightLb', message: 'Please enter a valid weight (lb)' });
  }
  if (!ouncesOk || (poundsOk && total < 1)) {
    issues.push({ code: 'invalidWeightOz', message: 'Please enter a valid weight (oz)' });
  }
  if ((item.labels?.length ?? 0) > labelLimit) {
    issues.push({
      code: 'tooManyLabels',
      limit: labelLimit,
      message: labelLimitMessage(labelLimit),
    });
  }
  return issues;
}

export function itemStatusFor(issues: readonly CompletenessIssue[]): ItemStatus {
  return issues.length === 0 ? 'complete' : 'inProgress';
}
