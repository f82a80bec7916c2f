// The background-removal module's door: removing a photo's background with the offline model
// as a durable job, keeping or discarding the result, and the account's usage of it.
export {
  BackgroundRemovalService,
  BackgroundRemovalLimitReached,
  BACKGROUND_REMOVAL_JOB,
  type BackgroundRemovalJobPayload,
} from './background-removal.service';
export { BackgroundRemovalModel, type RemovalModelName } from './background-removal.model';
