import { parseIpAddress, parseIpv4 } from './ip-address';

interface Cidr {
  base: bigint;
  prefix: number;
}

/** IPv4 ranges a source must not reach: not globally routable (IANA special-purpose registry). */
const BLOCKED_IPV4 = [
  '0.0.0.0/8', // "this network", includes the unspecified 0.0.0.0
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, includes cloud metadata 169.254.169.254
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16',
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes broadcast 255.255.255.255
].map((cidr) => parseCidr(cidr, 32));

/** IPv6 ranges refused outright (embedded-IPv4 forms are handled separately). */
const BLOCKED_IPV6 = [
  '::/96', // unspecified, loopback and deprecated IPv4-compatible addresses
  '64:ff9b:1::/48', // local-use NAT64
  '100::/64', // discard-only
  '2001::/32', // Teredo
  '2001:2::/48', // benchmarking
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
  '5f00::/16', // SRv6 SIDs
  'fc00::/7', // unique local
  'fe80::/10', // link-local
  'fec0::/10', // deprecated site-local
  'ff00::/8', // multicast
].map((cidr) => parseCidr(cidr, 128));

/** IPv6 forms whose low bits carry an IPv4 address that is what actually gets reached. */
const IPV4_CARRIERS: { range: Cidr; extract(value: bigint): bigint }[] = [
  { range: parseCidr('::ffff:0:0/96', 128), extract: (v) => v & 0xffffffffn }, // IPv4-mapped
  { range: parseCidr('::ffff:0:0:0/96', 128), extract: (v) => v & 0xffffffffn }, // IPv4-translated
  { range: parseCidr('64:ff9b::/96', 128), extract: (v) => v & 0xffffffffn }, // NAT64
  { range: parseCidr('2002::/16', 128), extract: (v) => (v >> 80n) & 0xffffffffn }, // 6to4
];

/**
 * True when `ip` is loopback, private, link-local, unspecified, multicast, reserved or
 * otherwise not a public unicast address, including IPv6 forms that embed such an IPv4.
 * Text that is not a canonical IP address counts as private: refusing is the safe answer.
 */
export function isPrivateAddress(ip: string): boolean {
  const address = parseIpAddress(ip.trim());
  if (address === null) return true;
  if (address.version === 4) return isBlockedIpv4(address.value);
  for (const carrier of IPV4_CARRIERS) {
    if (inRange(address.value, carrier.range, 128))
      return isBlockedIpv4(carrier.extract(address.value));
  }
  return BLOCKED_IPV6.some((range) => inRange(address.value, range, 128));
}

function isBlockedIpv4(value: bigint): boolean {
  return BLOCKED_IPV4.some((range) => inRange(value, range, 32));
}

function inRange(value: bigint, range: Cidr, bits: number): boolean {
  const shift = BigInt(bits - range.prefix);
  return value >> shift === range.base >> shift;
}

function parseCidr(cidr: string, bits: 32 | 128): Cidr {
  const [address = '', prefix = ''] = cidr.split('/');
  const parsed = bits === 32 ? parseIpv4(address) : parseIpAddress(address)?.value;
  if (parsed === null || parsed === undefined) throw new Error(`bad CIDR ${cidr}`);
  return { base: parsed, prefix: Number(prefix) };
}
