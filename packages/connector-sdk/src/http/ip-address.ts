/** An IP address as a number, so range checks are plain prefix comparisons. */
export interface IpAddress {
  version: 4 | 6;
  value: bigint;
}

const IPV4_PART = /^(0|[1-9]\d{0,2})$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;

/**
 * Parses a canonical dotted-quad IPv4 or an IPv6 address (brackets and a zone id allowed).
 * Returns null for anything else, including legacy IPv4 forms with leading zeros, which some
 * resolvers read as octal: the caller must treat those as unsafe rather than guess.
 */
export function parseIpAddress(text: string): IpAddress | null {
  const value = parseIpv4(text);
  if (value !== null) return { version: 4, value };
  const v6 = parseIpv6(text);
  return v6 === null ? null : { version: 6, value: v6 };
}

export function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!IPV4_PART.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  let address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);

  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = parseHextets(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? parseHextets(halves[1] ?? '', true) : [];
  if (head === null || tail === null) return null;

  const explicit = head.length + tail.length;
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
  const groups = [...head, ...new Array<number>(8 - explicit).fill(0), ...tail];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(group), 0n);
}

/** Hextets of one side of `::`; a trailing dotted quad counts as two (only where allowed). */
function parseHextets(side: string, mayEndWithIpv4: boolean): number[] | null {
  if (side === '') return [];
  const parts = side.split(':');
  const groups: number[] = [];
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1 && mayEndWithIpv4 && part.includes('.')) {
      const v4 = parseIpv4(part);
      if (v4 === null) return null;
      groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    } else if (HEXTET.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return null;
    }
  }
  return groups;
}
