import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** One e-mail: plain text always, HTML when given. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A Message-ID of our own (`<id@host>`): a retry after a send whose answer was lost carries
   * the same id, so the recipient's mail program shows the message once.
   */
  messageId?: string;
  /** BCP 47 language of the message (Content-Language). */
  language?: string;
}

/** Sends e-mail; `enabled` is false when the server has no SMTP server to send through. */
export interface Mailer {
  readonly enabled: boolean;
  send(message: MailMessage): Promise<void>;
}

export interface MailConfig {
  /** smtp:// or smtps:// with the user and password in it. */
  smtpUrl: string;
  /** The From of every message: `ListLoop <notifications@example.com>` or an address. */
  from: string;
}

/** An SMTP server refused the message for good (a 5xx answer): trying again will not help. */
export class MailRejectedError extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
    this.name = 'MailRejectedError';
  }
}

class SmtpMailer implements Mailer {
  readonly enabled = true;
  private readonly transport;

  constructor(config: MailConfig) {
    this.transport = nodemailer.createTransport(
      {
        url: config.smtpUrl,
        // Bounded waits: a stalled SMTP server fails the job, which retries later.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      },
      { from: config.from },
    );
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.language ? { headers: { 'Content-Language': message.language } } : {}),
      });
    } catch (error) {
      const responseCode = (error as { responseCode?: unknown }).responseCode;
      if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) {
        throw new MailRejectedError(
          `The mail server refused the message (${responseCode})`,
          responseCode,
        );
      }
      throw error;
    }
  }
}

const disabledMailer: Mailer = {
  enabled: false,
  send: () => Promise.reject(new Error('E-mail is off: SMTP_URL is not set')),
};

/**
 * The server's mailer: SMTP when SMTP_URL is set, otherwise off (said once in the log at
 * start). The URL's password never reaches the log.
 */
export function createMailer(config: MailConfig | null, logger: Logger): Mailer {
  if (!config) {
    logger.info('e-mail is off: SMTP_URL is not set, so no notification e-mails are sent');
    return disabledMailer;
  }
  const url = new URL(config.smtpUrl);
  logger.info(
    { smtpHost: url.hostname, smtpPort: url.port || null, from: config.from },
    'e-mail notifications are sent through SMTP',
  );
  return new SmtpMailer(config);
}
