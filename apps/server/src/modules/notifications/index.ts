// The notifications module's door: telling a user about a sale, a double sale, a failed delist
// or a finished bulk action (in the app, by e-mail, in the account's Slack).
export {
  NotificationService,
  toNotification,
  type DeliveryJobPayload,
  type DeliveryQueue,
  type NotificationServiceOptions,
  type NotificationSettingsSource,
} from './notification.service';
export { SlackSettingsService } from './slack-settings.service';
