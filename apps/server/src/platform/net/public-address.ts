import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** A host name's addresses, every one of them (what `dns.promises.lookup` answers with `all`). */
export type HostLookup = (hostname: string) => Promise<ReadonlyArray<{ address: string }>>;

/** The system resolver, as the connection would use it (hosts file included). */
export const systemLookup: HostLookup = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

function blockList(type: 'ipv4' | 'ipv6', subnets: ReadonlyArray<[string, number]>): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, type);
  return list;
}

/** IPv4 ranges that are not the public internet (IANA's special-purpose registry). */
const NOT_PUBLIC_V4 = blockList('ipv4', [
  ['0.0.0.0', 8], // this network, and the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where clouds answer metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
]);

/**
 * IPv6 is public only in global unicast (2000::/3): loopback, unspecified, unique-local,
 * link-local, multicast and the IPv4-compatible forms are all outside it.
 */
const GLOBAL_V6 = blockList('ipv6', [['2000::', 3]]);
const NOT_PUBLIC_V6 = blockList('ipv6', [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, whose IPv4 address inside may be a private one
  ['3fff::', 20], // documentation
]);

/** The IPv6 address in its canonical form (lower case, compressed), or null when it is none. */
function canonicalV6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/**
 * The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:a.b.c.d) and NAT64
 * (64:ff9b::a.b.c.d, what DNS64 answers on an IPv6-only network) reach that IPv4 address.
 */
function embeddedV4(canonical: string): string | null {
  const match =
    /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical) ??
    /^64:ff9b::(?:([0-9a-f]{1,4}):)?([0-9a-f]{1,4})$/.exec(canonical);
  if (!match) return null;
  const high = parseInt(match[1] ?? '0', 16);
  const low = parseInt(match[2] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Whether an IP address is a public unicast one: not loopback, private, link-local, CGNAT,
 * unique-local, multicast, unspecified, documentation or otherwise reserved, in IPv4 or IPv6
 * (an IPv4-mapped or NAT64 address is judged by its IPv4 address). Not an address: false.
 */
export function isPublicAddress(address: string): boolean {
  // A zone (fe80::1%eth0) names an interface, not another address.
  const bare = address.replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return !NOT_PUBLIC_V4.check(bare, 'ipv4');
  if (version !== 6) return false;
  const canonical = canonicalV6(bare);
  if (canonical === null) return false;
  const v4 = embeddedV4(canonical);
  if (v4 !== null) return !NOT_PUBLIC_V4.check(v4, 'ipv4');
  return GLOBAL_V6.check(canonical, 'ipv6') && !NOT_PUBLIC_V6.check(canonical, 'ipv6');
}
