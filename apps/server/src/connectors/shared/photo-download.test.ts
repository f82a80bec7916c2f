import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorError } from '../../modules/listings/connector';
import type { HostLookup } from '../../platform/net/public-address';
import { downloadPhoto, type PhotoDownloadOptions } from './photo-download';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0xff, 0xd9]);
const PRIVATE = 'ListLoop refuses to download photos from private network addresses';

/** A photo host on 127.0.0.1 that counts what reaches it: a refused URL must not. */
async function photoHost(): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG);
    else if (req.url === '/moved') res.writeHead(302, { location: '/photo.jpg' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** A resolver that knows only the names given (no internet needed). */
const resolving =
  (answers: Record<string, string[]>): HostLookup =>
  async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address }));
  };

describe('downloadPhoto', () => {
  let host: Awaited<ReturnType<typeof photoHost>>;

  beforeAll(async () => {
    host = await photoHost();
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => host.server.close(() => resolve()));
  });

  beforeEach(() => {
    host.requests.length = 0;
  });

  const failure = (url: string, options: Partial<PhotoDownloadOptions>) =>
    downloadPhoto(url, { fetch, marketplaceName: 'eBay', ...options }).then(
      () => {
        throw new Error(`${url} was downloaded`);
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(ConnectorError);
        return error as ConnectorError;
      },
    );

  it('downloads from anywhere without publicOnly, as from an emulator on 127.0.0.1', async () => {
    const photo = await downloadPhoto(`${host.url}/photo.jpg`, {
      fetch,
      marketplaceName: 'eBay',
    });
    expect(photo).toEqual({ bytes: JPEG, contentType: 'image/jpeg' });
    // Redirects are followed there as before.
    const moved = await downloadPhoto(`${host.url}/moved`, { fetch, marketplaceName: 'eBay' });
    expect(moved.bytes.equals(JPEG)).toBe(true);
  });

  it('refuses an address that is not a web address, with or without publicOnly', async () => {
    for (const publicOnly of [false, true]) {
      for (const url of ['file:///etc/passwd', 'ftp://cdn.example/p.jpg', 'https://']) {
        const error = await failure(url, { publicOnly });
        expect(error.transient).toBe(false);
        expect(error.message).toBe(
          `ListLoop could not download a photo from eBay: "${url}" is not a web address.`,
        );
      }
    }
  });

  it('refuses private network addresses for good with publicOnly, before any request', async () => {
    const lookup = resolving({});
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
      const error = await failure(url, { publicOnly: true, allowHttp: true, lookup });
      expect(error.transient, url).toBe(false);
      expect(error.message, url).toMatch(
        /^ListLoop could not download a photo from eBay: ListLoop refuses to download photos from private network addresses \(.+\)\.$/,
      );
    }
    const plain = await failure('http://127.0.0.1:5432/', { publicOnly: true, lookup });
    expect(plain.message).toBe(
      `ListLoop could not download a photo from eBay: ${PRIVATE} (127.0.0.1).`,
    );
    expect(host.requests).toEqual([]);
  });

  it('refuses a host name resolving to a private address: localhost, by the system resolver', async () => {
    const port = new URL(host.url).port;
    const error = await failure(`http://localhost:${port}/photo.jpg`, {
      publicOnly: true,
      allowHttp: true,
    });
    expect(error.message).toBe(
      `ListLoop could not download a photo from eBay: ${PRIVATE} (localhost).`,
    );
    const rebound = await failure('https://photos.example/p.jpg', {
      publicOnly: true,
      lookup: resolving({ 'photos.example': ['93.184.215.14', '10.0.0.1'] }),
    });
    expect(rebound.message).toContain(`${PRIVATE} (photos.example)`);
    expect(host.requests).toEqual([]);
  });

  it('takes https only with publicOnly, http when allowed', async () => {
    const lookup = resolving({ 'cdn.example': ['93.184.215.14'] });
    const answered: Array<{ url: string; redirect: RequestInit['redirect'] }> = [];
    const cdn: typeof fetch = async (input, init) => {
      answered.push({ url: String(input), redirect: init?.redirect });
      return new Response(JPEG, { headers: { 'content-type': 'image/jpeg' } });
    };
    const http = await failure('http://cdn.example/p.jpg', { publicOnly: true, lookup });
    expect(http.transient).toBe(false);
    expect(http.message).toBe(
      'ListLoop could not download a photo from eBay: "http://cdn.example/p.jpg" is not an https address, and ListLoop downloads photos over https only.',
    );
    expect(answered).toEqual([]);

    const options = { fetch: cdn, marketplaceName: 'eBay', publicOnly: true, lookup };
    const photo = await downloadPhoto('https://cdn.example/p.jpg', options);
    expect(photo.bytes.equals(JPEG)).toBe(true);
    await downloadPhoto('http://cdn.example/p.jpg', { ...options, allowHttp: true });
    // Redirects are never followed: one could lead to a private address.
    expect(answered).toEqual([
      { url: 'https://cdn.example/p.jpg', redirect: 'manual' },
      { url: 'http://cdn.example/p.jpg', redirect: 'manual' },
    ]);
  });

  it('refuses a redirect for good with publicOnly', async () => {
    const lookup = resolving({ 'cdn.example': ['93.184.215.14'] });
    const redirecting: typeof fetch = async () =>
      new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/' } });
    const error = await failure('https://cdn.example/p.jpg', {
      fetch: redirecting,
      publicOnly: true,
      lookup,
    });
    expect(error.transient).toBe(false);
    expect(error.message).toBe(
      'ListLoop could not download a photo from eBay: its address redirects elsewhere (302), and ListLoop follows no redirect of a photo.',
    );

    // A real fetch to a redirecting host, let through by the resolver: the 302 is not followed.
    const port = new URL(host.url).port;
    const real = await failure(`http://photos.example:${port}/moved`, {
      fetch: (input, init) => fetch(String(input).replace('photos.example', '127.0.0.1'), init),
      publicOnly: true,
      allowHttp: true,
      lookup: resolving({ 'photos.example': ['93.184.215.14'] }),
    });
    expect(real.message).toContain('redirects elsewhere (302)');
    expect(host.requests).toEqual(['/moved']);
  });

  it('fails transiently when the host cannot be resolved now, as a failed connection does', async () => {
    const error = await failure('https://nowhere.example/p.jpg', {
      publicOnly: true,
      lookup: resolving({}),
    });
    expect(error.transient).toBe(true);
    expect(error.message).toMatch(/ENOTFOUND nowhere\.example/);
  });
});
