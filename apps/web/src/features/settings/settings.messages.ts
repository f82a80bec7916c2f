import type { BulkAction } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';

export const settingsMessages = defineMessages({
  title: { id: 'settings.title' },
  intro: { id: 'settings.intro' },
  loadFailed: { id: 'settings.loadFailed' },
  notSavedTitle: { id: 'settings.notSaved.title' },
  notSavedBody: { id: 'settings.notSaved.body' },
  statusOnSince: { id: 'settings.status.onSince' },
  statusOnByDefault: { id: 'settings.status.onByDefault' },
  statusOn: { id: 'settings.status.on' },
  statusOff: { id: 'settings.status.off' },
  statusSaving: { id: 'settings.status.saving' },
  noMarketplaces: { id: 'settings.noMarketplaces' },
  saleDetectionTitle: { id: 'settings.saleDetection.title' },
  saleDetectionDescription: { id: 'settings.saleDetection.description' },
  saleDetectionRowHint: { id: 'settings.saleDetection.rowHint' },
  saleDetectionSwitch: { id: 'settings.saleDetection.switchLabel' },
  saleDetectionManaged: { id: 'settings.saleDetection.managed' },
  forceTitle: { id: 'settings.forceDelistRelist.title' },
  forceDescription: { id: 'settings.forceDelistRelist.description' },
  forceRowHint: { id: 'settings.forceDelistRelist.rowHint' },
  forceSwitch: { id: 'settings.forceDelistRelist.switchLabel' },
  notificationsTitle: { id: 'settings.notifications.title' },
  notificationsDescription: { id: 'settings.notifications.description' },
  notificationsRowHint: { id: 'settings.notifications.rowHint' },
  notificationsSwitch: { id: 'settings.notifications.switchLabel' },
  mercariTitle: { id: 'settings.mercariForm.title' },
  mercariDescription: { id: 'settings.mercariForm.description' },
  mercariShowSwitchShipping: { id: 'settings.mercariForm.showSwitchShipping' },
  mercariShowSwitchShippingHint: { id: 'settings.mercariForm.showSwitchShippingHint' },
  speechTitle: { id: 'settings.speech.title' },
  speechDescription: { id: 'settings.speech.description' },
  speechLabel: { id: 'settings.speech.label' },
  speechOff: { id: 'settings.speech.off' },
  speechOn: { id: 'settings.speech.on' },
  speechOnHint: { id: 'settings.speech.onHint' },
  speechNotSaved: { id: 'settings.speech.notSaved' },
});

/** The name of each bulk action of spec §5, as the notification settings list them. */
export const bulkActionMessages: Record<BulkAction, MessageDescriptor> = defineMessages({
  bulkDelistRelist: { id: 'settings.bulkAction.bulkDelistRelist' },
  bulkDelete: { id: 'settings.bulkAction.bulkDelete' },
  bulkMarkAsNotListed: { id: 'settings.bulkAction.bulkMarkAsNotListed' },
  bulkList: { id: 'settings.bulkAction.bulkList' },
  bulkEditLabels: { id: 'settings.bulkAction.bulkEditLabels' },
  bulkCopyItems: { id: 'settings.bulkAction.bulkCopyItems' },
  bulkDelist: { id: 'settings.bulkAction.bulkDelist' },
  bulkEdit: { id: 'settings.bulkAction.bulkEdit' },
});
