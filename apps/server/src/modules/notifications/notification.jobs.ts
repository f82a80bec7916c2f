import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import { DeliveryJobPayloadSchema, type NotificationService } from './notification.service';

const EMAIL_RETRIES = 8;
const SLACK_RETRIES = 8;

/**
 * Sends a notification's e-mail. Retried with backoff while the SMTP server fails (about an
 * hour and a half in all); idempotent per notification: only a pending e-mail is sent.
 */
export function sendNotificationEmailJob(service: NotificationService) {
  return defineJob({
    name: 'notifications.email',
    schema: DeliveryJobPayloadSchema,
    retryLimit: EMAIL_RETRIES,
    retryDelaySeconds: 20,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    handler: async (payload, { retryCount, logger }) =>
      service.deliverEmail(payload, { retryCount, retryLimit: EMAIL_RETRIES, logger }),
  });
}

/** Posts a sale to the account's Slack; retried while Slack is unreachable or busy. */
export function postNotificationToSlackJob(service: NotificationService) {
  return defineJob({
    name: 'notifications.slack',
    schema: DeliveryJobPayloadSchema,
    retryLimit: SLACK_RETRIES,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    handler: async (payload, { retryCount, logger }) =>
      service.deliverSlack(payload, { retryCount, retryLimit: SLACK_RETRIES, logger }),
  });
}

/**
 * Every minute: sends again the jobs of e-mails and Slack posts still pending a while after
 * their notification was made (a process stopped in between). Idempotent: the jobs' ids are
 * the notifications', and a delivery is sent once.
 */
export function sweepNotificationDeliveriesJob(service: NotificationService) {
  return defineJob({
    name: 'notifications.sweep',
    schema: z.object({}).strict(),
    cron: '* * * * *',
    retryLimit: 1,
    handler: async (_payload, { logger }) => {
      const resent = await service.sweep();
      if (resent > 0) logger.info({ resent }, 'pending notification deliveries sent again');
    },
  });
}
