import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

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
