import { CROSSLIST_WORKFLOWS, type CrosslistWorkflow } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { onboardingMessages } from './onboarding.messages';

/** Spec §2: the three ways to start, the onboarding's crosslistWorkflow values. */
export const START_CHOICES = CROSSLIST_WORKFLOWS;
export type StartChoice = CrosslistWorkflow;

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
