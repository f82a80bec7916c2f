import { defineMessages } from '../../i18n/define-messages';

/**
 * The Marketplaces screen's browser-extension section (installing, pairing, unpairing) and what
 * each extension marketplace says of the paired browsers.
 */
export const browserExtensionMessages = defineMessages({
  title: { id: 'extension.title' },
  intro: { id: 'extension.intro' },
  checking: { id: 'extension.checking' },
  notInstalledTitle: { id: 'extension.notInstalled.title' },
  notInstalledBody: { id: 'extension.notInstalled.body' },
  download: { id: 'extension.download' },
  checkAgain: { id: 'extension.checkAgain' },
  installedTitle: { id: 'extension.installed.title' },
  installedBody: { id: 'extension.installed.body' },
  pairedTitle: { id: 'extension.paired.title' },
  pairedBody: { id: 'extension.paired.body' },
  pairedElsewhere: { id: 'extension.pairedElsewhere' },
  pair: { id: 'extension.pair' },
  pairAgain: { id: 'extension.pairAgain' },
  pairFailed: { id: 'extension.pairFailed' },
  pairedToast: { id: 'extension.pairedToast' },
  browserName: { id: 'extension.browserName' },
  listLabel: { id: 'extension.list.label' },
  listEmpty: { id: 'extension.list.empty' },
  listLoadFailed: { id: 'extension.list.loadFailed' },
  pairedBy: { id: 'extension.list.pairedBy' },
  lastUsed: { id: 'extension.list.lastUsed' },
  notUsedYet: { id: 'extension.list.notUsedYet' },
  presenceSignedIn: { id: 'extension.presence.signedIn' },
  presenceSignedOut: { id: 'extension.presence.signedOut' },
  presencePaused: { id: 'extension.presence.paused' },
  presenceNever: { id: 'extension.presence.never' },
  unpaired: { id: 'extension.list.unpaired' },
  thisBrowser: { id: 'extension.list.thisBrowser' },
  unpair: { id: 'extension.unpair' },
  unpairLabel: { id: 'extension.unpairLabel' },
  unpairTitle: { id: 'extension.unpair.title' },
  unpairBody: { id: 'extension.unpair.body' },
  unpairFailed: { id: 'extension.unpairFailed' },
});
