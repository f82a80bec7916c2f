import { describe, expect, it } from 'vitest';
import {
  assertPublicUrl,
  isPublicAddress,
  NotPublicUrlError,
  type HostLookup,
} from './public-address';

describe('isPublicAddress', () => {
  it('takes public unicast addresses, IPv4 and IPv6', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '151.101.1.69',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '2a04:4e42::485',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it.each([
    ['loopback', ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1']],
    ['private', ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1']],
    ['link-local', ['169.254.169.254', 'fe80::1', 'fe80::1%eth0']],
    ['carrier-grade NAT', ['100.64.0.1', '100.127.255.255']],
    ['unique-local', ['fc00::1', 'fd12:3456:789a::1']],
    ['unspecified', ['0.0.0.0', '::', '0.1.2.3']],
    ['multicast and broadcast', ['224.0.0.1', '239.255.255.250', '255.255.255.255', 'ff02::1']],
    [
      'IPv4-mapped, NAT64 and 6to4 forms of those',
      [
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        '::ffff:169.254.169.254',
        '64:ff9b::10.0.0.1',
        '2002:7f00:1::',
      ],
    ],
    ['IPv4-compatible and translated', ['::127.0.0.1', '::ffff:0:8.8.8.8']],
    [
      'documentation and reserved',
      ['192.0.2.1', '198.51.100.1', '203.0.113.1', '2001:db8::1', '240.0.0.1'],
    ],
    ['not an address', ['', 'localhost', '1.2.3', '::g']],
  ])('refuses %s', (_kind, addresses) => {
    for (const address of addresses) expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('assertPublicUrl', () => {
  const resolving =
    (answers: Record<string, string[]>): HostLookup =>
    async (hostname) => {
      const addresses = answers[hostname];
      if (!addresses)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address }));
    };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('takes an https address whose host is public, literal or resolved', async () => {
    const lookup = resolving({ 'i.ebayimg.com': ['23.55.161.83', '2600:1408:c400::17'] });
    await expect(
      assertPublicUrl('https://i.ebayimg.com/images/g/a/s-l1600.jpg', { lookup }),
    ).resolves.toBeInstanceOf(URL);
    await expect(assertPublicUrl('https://8.8.8.8/p.jpg', { lookup })).resolves.toBeInstanceOf(URL);
    await expect(
      assertPublicUrl('https://[2606:4700::1111]/p.jpg', { lookup }),
    ).resolves.toBeInstanceOf(URL);
  });

  it('refuses literal private addresses in every spelling the URL parser reads', async () => {
    for (const url of [
      'https://127.0.0.1:5432/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.1.2.3/p.jpg',
      'https://[::1]/p.jpg',
      'https://[::ffff:127.0.0.1]/p.jpg',
      'https://[fd00::1]/p.jpg',
      'https://2130706433/p.jpg',
      'https://0x7f.1/p.jpg',
      'https://0/p.jpg',
    ]) {
      const error = await refusal(assertPublicUrl(url, { lookup: resolving({}) }));
      expect(error, url).toBeInstanceOf(NotPublicUrlError);
      expect((error as NotPublicUrlError).reason, url).toBe('private-address');
    }
  });

  it('refuses a host with any private address among its addresses', async () => {
    const lookup = resolving({
      'inside.example': ['10.0.0.5'],
      'mixed.example': ['93.184.215.14', '127.0.0.1'],
    });
    for (const host of ['inside.example', 'mixed.example']) {
      const error = await refusal(assertPublicUrl(`https://${host}/p.jpg`, { lookup }));
      expect(error).toBeInstanceOf(NotPublicUrlError);
      expect(error).toMatchObject({ reason: 'private-address', host });
    }
  });

  it('refuses localhost, resolved by the system resolver', async () => {
    const error = await refusal(assertPublicUrl('https://localhost:5432/'));
    expect(error).toBeInstanceOf(NotPublicUrlError);
    expect(error).toMatchObject({ reason: 'private-address', host: 'localhost' });
  });

  it('takes https only, unless http is allowed; never another scheme', async () => {
    const lookup = resolving({ 'cdn.example': ['93.184.215.14'] });
    const http = await refusal(assertPublicUrl('http://cdn.example/p.jpg', { lookup }));
    expect(http).toMatchObject({ reason: 'protocol' });
    await expect(
      assertPublicUrl('http://cdn.example/p.jpg', { lookup, allowHttp: true }),
    ).resolves.toBeInstanceOf(URL);
    // A private address is refused as such, whatever the scheme.
    for (const allowHttp of [false, true]) {
      const privateHttp = await refusal(assertPublicUrl('http://127.0.0.1:5432/', { allowHttp }));
      expect(privateHttp).toMatchObject({ reason: 'private-address', host: '127.0.0.1' });
    }
    for (const url of [
      'file:///etc/passwd',
      'ftp://cdn.example/p.jpg',
      'data:image/png;base64,AA',
      'not a url',
    ]) {
      const error = await refusal(assertPublicUrl(url, { lookup, allowHttp: true }));
      expect(error, url).toMatchObject({ reason: 'protocol' });
    }
  });

  it('passes on the resolver’s own failure (a host that does not resolve is not a private one)', async () => {
    const error = await refusal(
      assertPublicUrl('https://nowhere.example/p.jpg', { lookup: resolving({}) }),
    );
    expect(error).not.toBeInstanceOf(NotPublicUrlError);
    expect((error as Error).message).toMatch(/ENOTFOUND/);
  });
});
