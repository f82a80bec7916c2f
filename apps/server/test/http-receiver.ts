import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The status the receiver answered with. */
  status: number;
}

export interface HttpReceiver {
  baseUrl: string;
  requests: ReceivedRequest[];
  /** Answers the next requests with these statuses (and bodies) instead of 200 "ok". */
  answerNext(...answers: { status: number; body: string }[]): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server that records the JSON posted to it and answers as Slack's incoming
 * webhooks do: 200 "ok", or the statuses a test asks for.
 */
export async function startHttpReceiver(): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  const answers: { status: number; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text.
      }
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
        status: answer.status,
      });
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (...next) => answers.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
