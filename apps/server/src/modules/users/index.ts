// The users module's door: a person's details, settings row and help-text flags.
export { UserService } from './user.service';
export type { UserDetailsRow, NewUserDetailsRow } from './user.repository';
export type { UserSettingsWrite } from './user-settings.repository';
