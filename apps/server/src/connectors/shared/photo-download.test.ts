import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorError } from '../contract';
import {
  createGuardedFetcher,
  trustOrigins,
  type GuardedFetcher,
} from '../../platform/net/guarded-fetch';
import { resolving } from '../../platform/net/resolving.testing';
import { downloadPhoto } from './photo-download';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0xff, 0xd9]);
const PUBLIC_ONLY = 'ListLoop downloads photos only from the public internet';

/** A photo host on 127.0.0.1 that counts what reaches it: a refused URL must not. */
async function photoHost(): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG);
    else if (req.url === '/moved') res.writeHead(302, { location: '/photo.jpg' }).end();
    else if (req.url === '/inside') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>');
    else if (req.url === '/busy') res.writeHead(503).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe('downloadPhoto', () => {
  let host: Awaited<ReturnType<typeof photoHost>>;
  let fetchers: GuardedFetcher[] = [];
  const fetcher = (...args: Parameters<typeof createGuardedFetcher>) => {
    const made = createGuardedFetcher(...args);
    fetchers.push(made);
    return made;
  };

  beforeAll(async () => {
    host = await photoHost();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => host.server.close(() => resolve()));
  });
  beforeEach(() => {
    host.requests.length = 0;
  });
  afterEach(async () => {
    await Promise.all(fetchers.map((f) => f.close()));
    fetchers = [];
  });

  const failure = (url: string, using: GuardedFetcher, maxBytes?: number) =>
    downloadPhoto(url, {
      fetcher: using,
      photo: 'a photo from eBay',
      ...(maxBytes ? { maxBytes } : {}),
    }).then(
      () => {
        throw new Error(`${url} was downloaded`);
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(ConnectorError);
        return error as ConnectorError;
      },
    );

  it('downloads from an origin the configuration trusts (an emulator on 127.0.0.1), following its redirects', async () => {
    const trusting = fetcher({ trusts: trustOrigins([host.url]) });
    const photo = await downloadPhoto(`${host.url}/photo.jpg`, {
      fetcher: trusting,
      photo: 'a photo from eBay',
    });
    expect(photo).toEqual({ bytes: JPEG, contentType: 'image/jpeg' });
    const moved = await downloadPhoto(`${host.url}/moved`, {
      fetcher: trusting,
      photo: 'a photo from eBay',
    });
    expect(moved.bytes.equals(JPEG)).toBe(true);
  });

  it('refuses private network addresses for good, before any request', async () => {
    const guard = fetcher({ lookup: resolving({}) });
    for (const url of [
      `${host.url}/photo.jpg`,
      'https://127.0.0.1:5432/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.7/p.jpg',
      'https://172.20.1.1/p.jpg',
      'https://192.168.0.10/p.jpg',
      'https://100.64.0.1/p.jpg',
      'https://[::1]/p.jpg',
      'https://[fd00::1]/p.jpg',
      'https://[fe80::1]/p.jpg',
      'https://[::ffff:127.0.0.1]/p.jpg',
      'https://224.0.0.1/p.jpg',
      'https://0.0.0.0/p.jpg',
    ]) {
      const error = await failure(url, guard);
      expect(error.transient, url).toBe(false);
      expect(error.message, url).toMatch(
        /^ListLoop could not download a photo from eBay: .+ is a private network address, and ListLoop downloads photos only from the public internet\.$/,
      );
    }
    const plain = await failure('http://127.0.0.1:5432/', guard);
    expect(plain.message).toBe(
      `ListLoop could not download a photo from eBay: 127.0.0.1 is a private network address, and ${PUBLIC_ONLY}.`,
    );
    expect(host.requests).toEqual([]);
  });

  it('refuses a host name resolving to a private address (localhost, by the system resolver)', async () => {
    const port = new URL(host.url).port;
    const error = await failure(`http://localhost:${port}/photo.jpg`, fetcher());
    expect(error.message).toBe(
      `ListLoop could not download a photo from eBay: localhost is a private network address, and ${PUBLIC_ONLY}.`,
    );
    const rebound = await failure(
      'https://photos.example/p.jpg',
      fetcher({ lookup: resolving({ 'photos.example': ['93.184.215.14', '10.0.0.1'] }) }),
    );
    expect(rebound.message).toContain(`photos.example is a private network address`);
    expect(host.requests).toEqual([]);
  });

  it('refuses for good a redirect to a private address, even from a trusted origin', async () => {
    const error = await failure(
      `${host.url}/inside`,
      fetcher({ trusts: trustOrigins([host.url]) }),
    );
    expect(error.transient).toBe(false);
    expect(error.message).toBe(
      `ListLoop could not download a photo from eBay: 169.254.169.254 is a private network address, and ${PUBLIC_ONLY}.`,
    );
    expect(host.requests).toEqual(['/inside']);
  });

  it('refuses an address that is not a web address', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://cdn.example/p.jpg', 'https://']) {
      const error = await failure(url, fetcher());
      expect(error.transient).toBe(false);
      expect(error.message).toBe(
        `ListLoop could not download a photo from eBay: "${url}" is not a web address.`,
      );
    }
  });

  it('fails for good on a 404, a page that is not a picture, or one over the size limit; not on a 503', async () => {
    const trusting = fetcher({ trusts: trustOrigins([host.url]) });
    const gone = await failure(`${host.url}/nothing.jpg`, trusting);
    expect(gone).toMatchObject({
      transient: false,
      message: 'ListLoop could not download a photo from eBay: the answer was 404.',
    });
    const page = await failure(`${host.url}/page`, trusting);
    expect(page).toMatchObject({
      transient: false,
      message: 'ListLoop could not download a photo from eBay: it is not a picture (text/html).',
    });
    const large = await failure(`${host.url}/photo.jpg`, trusting, 4);
    expect(large).toMatchObject({
      transient: false,
      message: 'ListLoop could not download a photo from eBay: it is larger than 1 MB.',
    });
    const busy = await failure(`${host.url}/busy`, trusting);
    expect(busy.transient).toBe(true);
  });

  it('fails transiently when the host cannot be resolved now, as a failed connection does', async () => {
    const error = await failure(
      'https://nowhere.example/p.jpg',
      fetcher({ lookup: resolving({}) }),
    );
    expect(error.transient).toBe(true);
    expect(error.message).toBe(
      'ListLoop could not download a photo from eBay: nowhere.example could not be reached (ENOTFOUND).',
    );
  });
});
