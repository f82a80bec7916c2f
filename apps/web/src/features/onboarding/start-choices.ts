import type { MessageDescriptor } from 'react-intl';
import { onboardingMessages } from './onboarding.messages';

/**
 * Spec §2: the three ways to start. The ids follow the onboarding record's crosslistWorkflow
 * naming (spec §3: create_new_items_within_{brand}); the save call comes with the onboarding
 * issue, so the choice stays on this device until then.
 */
export const START_CHOICES = [
  'create_new_items_within_listloop',
  'keep_importing_from_ebay',
  'import_from_csv',
] as const;
export type StartChoice = (typeof START_CHOICES)[number];

export const START_CHOICE_TEXT: Record<
  StartChoice,
  { title: MessageDescriptor; body: MessageDescriptor }
> = {
  create_new_items_within_listloop: {
    title: onboardingMessages.createTitle,
    body: onboardingMessages.createBody,
  },
  keep_importing_from_ebay: {
    title: onboardingMessages.ebayTitle,
    body: onboardingMessages.ebayBody,
  },
  import_from_csv: { title: onboardingMessages.csvTitle, body: onboardingMessages.csvBody },
};

export function isStartChoice(value: unknown): value is StartChoice {
  return typeof value === 'string' && (START_CHOICES as readonly string[]).includes(value);
}

export function startChoiceStorageKey(accountId: string, userId: string): string {
  return `listloop.onboarding.startChoice.${accountId}.${userId}`;
}
