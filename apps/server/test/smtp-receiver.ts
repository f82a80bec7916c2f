import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO of the envelope. */
  envelopeTo: string[];
  /** The user the client signed in as. */
  authUser: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface SmtpReceiver {
  port: number;
  /** smtp://user:pass@127.0.0.1:port */
  url: string;
  messages: ReceivedMail[];
  /** The reply codes of the messages refused so far. */
  refusals: number[];
  /** Refuses the next messages with these SMTP reply codes (421, 451: try later; 550: never). */
  refuseNext(...codes: number[]): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that wants a user and password,
 * parses what it receives, and can refuse messages on demand.
 */
export async function startSmtpReceiver(
  credentials = { user: 'mailer', pass: 'mail-s3cret' },
): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const refusals: number[] = [];
  const toRefuse: number[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const code = toRefuse.shift();
        if (code !== undefined) {
          refusals.push(code);
          const refusal = Object.assign(new Error(`Refused for the test (${code})`), {
            responseCode: code,
          });
          callback(refusal);
          return;
        }
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            messages.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              authUser: typeof session.user === 'string' ? session.user : null,
              from: email.from?.address ?? '',
              to: (email.to ?? []).map((a) => ('address' in a ? (a.address ?? '') : '')),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              messageId: email.messageId ?? '',
              headers: Object.fromEntries(email.headers.map((h) => [h.key, h.value])),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    messages,
    refusals,
    refuseNext: (...codes) => toRefuse.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The temporary password an invitation e-mail carries (three groups of four). */
export function temporaryPasswordIn(mail: ReceivedMail): string {
  const found = /\b[2-9a-zA-Z]{4}-[2-9a-zA-Z]{4}-[2-9a-zA-Z]{4}\b/.exec(mail.text);
  if (!found) throw new Error(`no temporary password in the e-mail "${mail.subject}"`);
  return found[0];
}

/** The last message sent to an address, failing the test when there is none. */
export function lastMailTo(receiver: SmtpReceiver, email: string): ReceivedMail {
  const mail = receiver.messages.filter((m) => m.envelopeTo.includes(email)).at(-1);
  if (!mail) throw new Error(`no e-mail was sent to ${email}`);
  return mail;
}
