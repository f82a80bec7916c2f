import { defineMessages } from '../../i18n/define-messages';

export const importMessages = defineMessages({
  title: { id: 'import.title' },
  intro: { id: 'import.intro' },
  comingSoon: { id: 'import.comingSoon' },
  createTitle: { id: 'import.way.createNewItems.title' },
  createBody: { id: 'import.way.createNewItems.body' },
  ebayTitle: { id: 'import.way.ebay.title' },
  ebayBody: { id: 'import.way.ebay.body' },
  csvTitle: { id: 'import.way.csv.title' },
  csvBody: { id: 'import.way.csv.body' },
});
