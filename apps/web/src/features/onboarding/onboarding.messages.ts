import { defineMessages } from '../../i18n/define-messages';

export const onboardingMessages = defineMessages({
  title: { id: 'onboarding.title' },
  documentTitle: { id: 'onboarding.documentTitle' },
  intro: { id: 'onboarding.intro' },
  choicesLabel: { id: 'onboarding.choices.label' },
  createTitle: { id: 'onboarding.choice.createNewItems.title' },
  createBody: { id: 'onboarding.choice.createNewItems.body' },
  ebayTitle: { id: 'onboarding.choice.keepImportingFromEbay.title' },
  ebayBody: { id: 'onboarding.choice.keepImportingFromEbay.body' },
  csvTitle: { id: 'onboarding.choice.importFromCsv.title' },
  csvBody: { id: 'onboarding.choice.importFromCsv.body' },
  savedLocally: { id: 'onboarding.savedLocally' },
});
