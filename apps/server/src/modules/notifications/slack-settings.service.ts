import {
  isSlackWebhookUrl,
  SLACK_WEBHOOK_MESSAGE,
  type SlackSettings,
  type SlackSettingsUpdate,
} from '@listloop/domain';
import type { Logger } from 'pino';
import { resealStale, type SecretBox } from '../../platform/crypto/secret-box';
import type { Db } from '../../platform/db/database';
import { badRequest } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { AccountService } from '../accounts';
import type { SlackWebhookRepository } from './slack-webhook.repository';

const NEEDS_WEBHOOK =
  'Slack alerts need somewhere to go: add the incoming-webhook URL Slack gave you first.';

const sealContext = (accountId: string) => `slack-webhook:${accountId}`;

/** A loopback http(s) URL: the tests' local stand-in for Slack, allowed only when configured. */
function isLoopbackUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]')
    );
  } catch {
    return false;
  }
}

/** What the settings screen shows of a webhook URL: where it goes, not the secret path. */
export function webhookHint(webhookUrl: string): string {
  const url = new URL(webhookUrl);
  const [first = '', second = ''] = url.pathname.split('/').filter(Boolean);
  return `${url.origin}/${first}/${second.slice(0, 4)}…`;
}

/**
 * The account's Slack alerts for sale detection: the spec's isSlackAlertsBySaleDetectionEnabled
 * and the incoming-webhook URL they post to, sealed at rest and never logged or sent back.
 */
export class SlackSettingsService {
  constructor(
    private readonly db: Db,
    private readonly webhooks: SlackWebhookRepository,
    private readonly accounts: Pick<AccountService, 'slackAlertsEnabled' | 'setSlackAlertsEnabled'>,
    private readonly box: SecretBox,
    private readonly logger: Logger,
    private readonly options: { allowLoopbackWebhooks: boolean },
  ) {}

  /** Only Slack's own webhook host, or (in the tests) a local receiver. */
  isAllowedWebhook(value: string): boolean {
    return isSlackWebhookUrl(value) || (this.options.allowLoopbackWebhooks && isLoopbackUrl(value));
  }

  async get(ctx: RequestContext): Promise<SlackSettings> {
    return this.settingsOf(ctx.accountId);
  }

  /** Whether the account has a webhook stored (the account settings show it). */
  async webhookConfigured(accountId: string): Promise<boolean> {
    return (await this.webhooks.findWebhook(accountId)) !== null;
  }

  /** The account settings' switch: alerts on or off, the webhook kept, with the same rule. */
  async setEnabled(ctx: Pick<RequestContext, 'accountId'>, enabled: boolean): Promise<void> {
    await this.update(ctx, { enabled });
  }

  async update(
    ctx: Pick<RequestContext, 'accountId'>,
    update: SlackSettingsUpdate,
  ): Promise<SlackSettings> {
    const { accountId } = ctx;
    const url = update.webhookUrl;
    if (typeof url === 'string' && !this.isAllowedWebhook(url)) {
      throw badRequest(SLACK_WEBHOOK_MESSAGE, [
        { path: 'webhookUrl', message: SLACK_WEBHOOK_MESSAGE },
      ]);
    }
    await this.db.transaction(async (tx) => {
      if (typeof url === 'string') {
        const sealed = this.box.seal(url, sealContext(accountId));
        await this.webhooks.saveWebhook(
          {
            accountId,
            webhookCiphertext: sealed.ciphertext,
            keyVersion: sealed.keyVersion,
            webhookHint: webhookHint(url),
          },
          tx,
        );
      } else if (url === null) {
        await this.webhooks.deleteWebhook(accountId, tx);
      }
      const hasWebhook = (await this.webhooks.findWebhook(accountId, tx)) !== null;
      if (update.enabled && !hasWebhook) {
        throw badRequest(NEEDS_WEBHOOK, [{ path: 'webhookUrl', message: NEEDS_WEBHOOK }]);
      }
      await this.accounts.setSlackAlertsEnabled(accountId, update.enabled, tx);
    });
    return this.settingsOf(accountId);
  }

  /**
   * Where the account's sale alerts go now: the webhook URL when alerts are on and one is
   * stored (and still allowed), else null.
   */
  async activeWebhook(accountId: string): Promise<string | null> {
    if (!(await this.accounts.slackAlertsEnabled(accountId))) return null;
    const row = await this.webhooks.findWebhook(accountId);
    if (!row) return null;
    try {
      const url = this.box.open(
        { ciphertext: row.webhookCiphertext, keyVersion: row.keyVersion },
        sealContext(accountId),
      );
      return this.isAllowedWebhook(url) ? url : null;
    } catch (error) {
      this.logger.error(
        { err: error, accountId },
        'the stored Slack webhook does not open; the seller must enter it again',
      );
      return null;
    }
  }

  /**
   * Seals again, under the current key, every account's webhook sealed under an older one (an
   * operator's step after a key rotation). One no configured key opens is counted, not touched.
   */
  async resealAll(batch = 200): Promise<{ resealed: number; unreadable: string[] }> {
    return resealStale({
      page: (after, limit) =>
        this.webhooks.sealedUnderOtherKeys(this.box.currentVersion, after, limit),
      keyOf: (row) => row.accountId,
      nameOf: (row) => row.accountId,
      open: (row) =>
        this.box.open(
          { ciphertext: row.webhookCiphertext, keyVersion: row.keyVersion },
          sealContext(row.accountId),
        ),
      reseal: (row, url) =>
        this.webhooks.resealWebhook(row, this.box.seal(url, sealContext(row.accountId))),
      batch,
    });
  }

  private async settingsOf(accountId: string): Promise<SlackSettings> {
    const [enabled, row] = await Promise.all([
      this.accounts.slackAlertsEnabled(accountId),
      this.webhooks.findWebhook(accountId),
    ]);
    return { enabled, webhookConfigured: row !== null, webhookHint: row?.webhookHint ?? null };
  }
}
