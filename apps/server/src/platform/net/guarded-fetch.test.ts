import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createGuardedFetcher,
  GuardedFetchError,
  trustOrigins,
  type GuardedFetcher,
} from './guarded-fetch';
import type { HostLookup } from './public-address';
import { resolving } from './resolving.testing';

/** A local HTTP server that counts the requests it was sent. */
interface Local {
  url: string;
  hits: string[];
  server: Server;
}

async function local(handler: RequestListener): Promise<Local> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('createGuardedFetcher', () => {
  let photo: Local;
  let fetchers: GuardedFetcher[] = [];
  const fetcher = (...args: Parameters<typeof createGuardedFetcher>) => {
    const made = createGuardedFetcher(...args);
    fetchers.push(made);
    return made;
  };

  beforeAll(async () => {
    photo = await local((req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end('JPEG');
    });
  });
  afterAll(() => new Promise((resolve) => photo.server.close(resolve)));
  afterEach(async () => {
    await Promise.all(fetchers.map((f) => f.close()));
    fetchers = [];
    photo.hits.length = 0;
  });

  it('fetches from a trusted origin (a test emulator), and not from private addresses otherwise', async () => {
    const trusting = fetcher({ trusts: trustOrigins([photo.url]) });
    const answer = await trusting.fetch(`${photo.url}/p.jpg`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect((await answer.bytes()).toString()).toBe('JPEG');

    const error = await refusal(fetcher().fetch(`${photo.url}/p.jpg`));
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect(error).toMatchObject({ reason: 'private-address', host: '127.0.0.1', transient: false });
    expect(photo.hits).toEqual(['/p.jpg']);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:9/p.jpg', '127.0.0.1'],
    ['loopback in another spelling', 'http://2130706433/p.jpg', '127.0.0.1'],
    ['10/8', 'http://10.0.0.1/p.jpg', '10.0.0.1'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['IPv6 loopback', 'http://[::1]/p.jpg', '::1'],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/p.jpg', '::ffff:7f00:1'],
    ['unique-local IPv6', 'https://[fd00::1]/p.jpg', 'fd00::1'],
    ['multicast', 'http://224.0.0.1/p.jpg', '224.0.0.1'],
  ])('refuses %s before connecting', async (_kind, url, host) => {
    const error = await refusal(fetcher().fetch(url));
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect(error).toMatchObject({ reason: 'private-address', host });
    expect((error as Error).message).toBe(
      `${host} is on a private network, and ListLoop fetches nothing there.`,
    );
  });

  it('refuses a name whose DNS answers hold a private address, and never connects', async () => {
    const port = new URL(photo.url).port;
    const lookup = resolving({
      'photos.example': ['127.0.0.1'],
      'mixed.example': ['93.184.215.14', '127.0.0.1'],
      'mapped.example': ['::ffff:127.0.0.1'],
    });
    for (const host of ['photos.example', 'mixed.example', 'mapped.example']) {
      const error = await refusal(fetcher({ lookup }).fetch(`http://${host}:${port}/p.jpg`));
      expect(error, host).toBeInstanceOf(GuardedFetchError);
      expect(error, host).toMatchObject({ reason: 'private-address', host });
    }
    // localhost, through the system resolver and the hosts file.
    const system = await refusal(fetcher().fetch(`http://localhost:${port}/p.jpg`));
    expect(system).toMatchObject({ reason: 'private-address', host: 'localhost' });
    expect(photo.hits).toEqual([]);
  });

  it('resolves the name once, in the connection: a second, private answer is never used', async () => {
    const port = new URL(photo.url).port;
    let asked = 0;
    // DNS rebinding: public when first asked, this machine when asked again.
    const rebinding: HostLookup = async () => {
      asked += 1;
      return [{ address: asked === 1 ? '93.184.215.14' : '127.0.0.1' }];
    };
    const error = await refusal(
      fetcher({ lookup: rebinding }).fetch(`http://rebind.example:${port}/p.jpg`, {
        timeoutMs: 1_000,
      }),
    );
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect(['timeout', 'unreachable']).toContain((error as GuardedFetchError).reason);
    expect(asked).toBe(1);
    expect(photo.hits).toEqual([]);
  });

  it('checks every redirect: one to a private host is refused, its target never asked', async () => {
    const inside = await local((req, res) => res.writeHead(200).end('secret'));
    const redirecting = await local((req, res) => {
      const to = {
        '/to-inside': `${inside.url}/admin`,
        '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
        '/to-file': 'file:///etc/passwd',
        '/here': '/p.jpg',
        '/loop': '/loop',
      }[req.url ?? ''];
      if (to) res.writeHead(302, { location: to }).end();
      else res.writeHead(200, { 'content-type': 'image/jpeg' }).end('JPEG');
    });
    try {
      const trusting = fetcher({ trusts: trustOrigins([redirecting.url]) });
      const followed = await trusting.fetch(`${redirecting.url}/here`);
      expect(followed.url).toBe(`${redirecting.url}/p.jpg`);
      expect((await followed.bytes()).toString()).toBe('JPEG');

      expect(await refusal(trusting.fetch(`${redirecting.url}/to-inside`))).toMatchObject({
        reason: 'private-address',
        host: '127.0.0.1',
      });
      expect(inside.hits).toEqual([]);
      expect(await refusal(trusting.fetch(`${redirecting.url}/to-metadata`))).toMatchObject({
        reason: 'private-address',
        host: '169.254.169.254',
      });
      expect(await refusal(trusting.fetch(`${redirecting.url}/to-file`))).toMatchObject({
        reason: 'protocol',
      });
      const loop = await refusal(trusting.fetch(`${redirecting.url}/loop`, { maxRedirects: 3 }));
      expect(loop).toMatchObject({ reason: 'redirect' });
      expect((loop as Error).message).toBe('127.0.0.1 redirected more than 3 times.');
      expect(redirecting.hits.filter((hit) => hit === '/loop')).toHaveLength(4);
      expect(
        await refusal(trusting.fetch(`${redirecting.url}/here`, { maxRedirects: 0 })),
      ).toMatchObject({ reason: 'redirect' });
    } finally {
      await new Promise((resolve) => inside.server.close(resolve));
      await new Promise((resolve) => redirecting.server.close(resolve));
    }
  });

  it('stops reading a body past the byte cap, declared or streamed', async () => {
    const big = await local((req, res) => {
      const chunk = Buffer.alloc(64 * 1024, 1);
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': String(4 * 1024 * 1024) });
        res.end(Buffer.alloc(4 * 1024 * 1024));
        return;
      }
      // Chunked, no length: an endless answer.
      res.writeHead(200);
      const send = () => {
        if (res.destroyed) return;
        res.write(chunk, () => setImmediate(send));
      };
      send();
    });
    try {
      const trusting = fetcher({ trusts: trustOrigins([big.url]) });
      for (const path of ['/declared', '/endless']) {
        const answer = await trusting.fetch(`${big.url}${path}`, { maxBytes: 1024 * 1024 });
        const error = await refusal(answer.bytes());
        expect(error, path).toBeInstanceOf(GuardedFetchError);
        expect(error, path).toMatchObject({ reason: 'too-large', host: '127.0.0.1' });
        expect((error as Error).message).toBe('The answer from 127.0.0.1 is larger than 1 MB.');
      }
    } finally {
      big.server.closeAllConnections();
      await new Promise((resolve) => big.server.close(resolve));
    }
  });

  it('gives up on a slow body at the deadline, which covers the whole exchange', async () => {
    const slow = await local((req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write('JP');
      // The rest never comes.
    });
    try {
      const trusting = fetcher({ trusts: trustOrigins([slow.url]) });
      const started = Date.now();
      const answer = await trusting.fetch(`${slow.url}/p.jpg`, { timeoutMs: 300 });
      const error = await refusal(answer.bytes());
      expect(error).toBeInstanceOf(GuardedFetchError);
      expect(error).toMatchObject({ reason: 'timeout', host: '127.0.0.1', transient: true });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      slow.server.closeAllConnections();
      await new Promise((resolve) => slow.server.close(resolve));
    }
  });

  it('fetches http and https only', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://photos.example/p.jpg',
      'data:image/png;base64,AA',
      'gopher://127.0.0.1:6379/_INFO',
      'not a url',
    ]) {
      const error = await refusal(fetcher().fetch(url));
      expect(error, url).toBeInstanceOf(GuardedFetchError);
      expect(error, url).toMatchObject({ reason: 'protocol' });
    }
  });

  it('reports a host that does not resolve as unreachable, to try again later', async () => {
    const error = await refusal(
      fetcher({ lookup: resolving({}) }).fetch('https://nowhere.example/'),
    );
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect(error).toMatchObject({
      reason: 'unreachable',
      host: 'nowhere.example',
      transient: true,
    });
  });

  it('answers its in-process origins without a socket, and guards every other hop', async () => {
    const asked: string[] = [];
    const inProcess = fetcher({
      inProcess: {
        origins: ['http://localhost:3000'],
        fetch: async (url) => {
          asked.push(url);
          if (url.endsWith('/away')) {
            return new Response(null, { status: 302, headers: { location: `${photo.url}/p.jpg` } });
          }
          return new Response('JPEG', { headers: { 'content-type': 'image/jpeg' } });
        },
      },
    });
    const answer = await inProcess.fetch('http://localhost:3000/api/images/public/a/large');
    expect(await answer.text()).toBe('JPEG');
    expect(await refusal(inProcess.fetch('http://localhost:3000/away'))).toMatchObject({
      reason: 'private-address',
      host: '127.0.0.1',
    });
    expect(await refusal(inProcess.fetch('http://localhost:3001/p.jpg'))).toMatchObject({
      reason: 'private-address',
      host: 'localhost',
    });
    expect(asked).toEqual([
      'http://localhost:3000/api/images/public/a/large',
      'http://localhost:3000/away',
    ]);
    expect(photo.hits).toEqual([]);
  });
});
