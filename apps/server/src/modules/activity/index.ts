// The activity module's door: recording what was done in an account, and reading it back.
export { ActivityService, ACTIVITY_RETENTION_DAYS, type ProductActivity } from './activity.service';
