import { GuardedFetchError, type GuardedFetcher } from '../../platform/net/guarded-fetch';
import type { SlackMessage } from './notification.slack';

/** Slack answered the post with a refusal that a retry will not change (a removed webhook). */
export class SlackRejectedError extends Error {
  constructor(
    readonly status: number,
    readonly slackError: string,
    message = `Slack refused the message (${status} ${slackError})`,
  ) {
    super(message);
    this.name = 'SlackRejectedError';
  }
}

/** Slack could not be reached, or asked to come back later (429, 5xx): worth another try. */
export class SlackUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SlackUnavailableError';
  }
}

const TIMEOUT_MS = 10_000;

/**
 * Posts a message to an incoming webhook, through the server's guarded fetcher (the URL was
 * typed by a seller: only public internet addresses). Slack answers 200 "ok"; a 4xx names the
 * problem in its body (invalid_token, no_service, channel_not_found…). Redirects are not
 * followed, and the URL is never put in an error (it is the secret).
 */
export async function postToSlack(
  webhookUrl: string,
  message: SlackMessage,
  fetcher: GuardedFetcher,
): Promise<void> {
  let status: number;
  let body: string;
  try {
    const response = await fetcher.fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      timeoutMs: TIMEOUT_MS,
    });
    status = response.status;
    body = (await response.text().catch(() => '')).trim().slice(0, 200);
  } catch (error) {
    // An address the guard refuses (a private network, a redirect) stays refused.
    if (error instanceof GuardedFetchError && !error.transient) {
      throw new SlackRejectedError(
        0,
        error.reason,
        `ListLoop did not post to this Slack webhook address: ${error.message}`,
      );
    }
    throw new SlackUnavailableError('Slack could not be reached', {
      cause: (error as Error)?.name,
    });
  }
  if (status >= 200 && status < 300) return;
  if (status === 429 || status >= 500) {
    throw new SlackUnavailableError(`Slack answered ${status}; trying again later`);
  }
  throw new SlackRejectedError(status, body || 'no reason given');
}
