// The user-settings module's door: a person's settings, with their defaults, and what the
// sale path and the notifications read of the settings of an item's owner.
export { UserSettingsService } from './user-settings.service';
