import type { SlackMessage } from './notification.slack';

/** Slack answered the post with a refusal that a retry will not change (a removed webhook). */
export class SlackRejectedError extends Error {
  constructor(
    readonly status: number,
    readonly slackError: string,
  ) {
    super(`Slack refused the message (${status} ${slackError})`);
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
 * Posts a message to an incoming webhook. Slack answers 200 "ok"; a 4xx names the problem in
 * its body (invalid_token, no_service, channel_not_found…). Redirects are not followed, and the
 * URL is never put in an error (it is the secret).
 */
export async function postToSlack(
  webhookUrl: string,
  message: SlackMessage,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new SlackUnavailableError('Slack could not be reached', {
      cause: (error as Error)?.name,
    });
  }
  const body = (await response.text().catch(() => '')).trim().slice(0, 200);
  if (response.ok) return;
  if (response.status === 429 || response.status >= 500) {
    throw new SlackUnavailableError(`Slack answered ${response.status}; trying again later`);
  }
  throw new SlackRejectedError(response.status, body || 'no reason given');
}
