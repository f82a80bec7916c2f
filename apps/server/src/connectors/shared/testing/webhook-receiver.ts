import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver was sent: its headers and its body, byte for byte. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

export interface WebhookReceiver {
  server: Server;
  /** The receiver's address, `path` included. */
  url: string;
  /** Every request so far, oldest first. */
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/**
 * ListLoop's webhook endpoint as far as a marketplace can tell: on 127.0.0.1, it answers 200 to
 * every request and keeps its headers and raw body. `path` is added to its address.
 */
export async function startWebhookReceiver(path = ''): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
