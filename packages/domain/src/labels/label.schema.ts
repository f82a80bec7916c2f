import { z } from 'zod';

/** Spec §9 label limits. */
export const LABEL_MAX_LENGTH = 20;
export const LABELS_PER_ITEM_MAX = 20;
export const LABELS_PER_USER_MAX = 500;

export const LabelNameSchema = z
  .string({ message: 'Label name is required' })
  .trim()
  .min(1, { message: 'Label name is required' })
  .max(LABEL_MAX_LENGTH, { message: `A label is at most ${LABEL_MAX_LENGTH} characters` });

/** The label-limit message of spec §5. */
export function labelLimitMessage(limit: number = LABELS_PER_ITEM_MAX): string {
  return `You may add up to ${limit} ListLoop labels. Remove one to continue.`;
}
