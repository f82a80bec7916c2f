import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A load balancer in miniature: each request to `url` goes to the next of `targets`. */
export interface RoundRobinProxy {
  url: string;
  /** Where requests go, in turn; may be changed while it runs. */
  targets: string[];
  /** Requests forwarded, by target. */
  served: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Starts a plain HTTP forwarder on 127.0.0.1 over `targets` (base URLs), request by request,
 * with everything of the request and the answer passed on as is (Host included, as a proxy
 * that keeps it does). A target that cannot be reached answers 502.
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const served = new Map<string, number>();
  let next = 0;
  let current = [...targets];
  const server = http.createServer((req, res) => {
    if (current.length === 0) {
      res.writeHead(503).end();
      return;
    }
    const target = new URL(current[next % current.length]!);
    next += 1;
    served.set(target.origin, (served.get(target.origin) ?? 0) + 1);
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    served,
    get targets() {
      return current;
    },
    set targets(value: string[]) {
      current = [...value];
    },
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
