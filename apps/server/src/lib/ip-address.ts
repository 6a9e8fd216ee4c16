import { isIPv4, isIPv6 } from 'node:net';

/*
 * IP addresses as bytes, and which of them are globally routable unicast addresses: the only
 * ones an outbound request a provider or user chose (a webhook URL) may reach. An allowlist:
 * IPv6 must be in 2000::/3, and every range of the IANA IPv4 and IPv6 special-purpose address
 * registries is refused. IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4)
 * are judged by the IPv4 address they carry, so ::ffff:127.0.0.1 or 64:ff9b::a00:1 is loopback
 * or private, as it is.
 */

export type IpBytes = readonly number[];

const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));

/** 4 bytes for an IPv4 address, 16 for IPv6; undefined for anything else (zone ids included). */
export function ipBytes(address: string): IpBytes | undefined {
  if (isIPv4(address)) return address.split('.').map(Number);
  if (!isIPv6(address) || address.includes('%')) return undefined;
  let text = address;
  let tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    tail = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const before = groupsOf(head);
  const after = rest === undefined ? [] : groupsOf(rest);
  const zeros = Array.from({ length: 8 - before.length - after.length }, () => '0');
  const groups = [...before, ...zeros, ...after].map((group) => Number.parseInt(group, 16));
  const bytes = groups.flatMap((group) => [group >> 8, group & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

interface Range {
  bytes: IpBytes;
  prefix: number;
}

function range(cidr: string): Range {
  const [network = '', prefix = ''] = cidr.split('/');
  const bytes = ipBytes(network);
  if (!bytes) throw new Error(`Not an address range: ${cidr}`);
  return { bytes, prefix: Number(prefix) };
}

function inRange(bytes: IpBytes, { bytes: network, prefix }: Range): boolean {
  if (bytes.length !== network.length) return false;
  for (let bit = 0; bit < prefix; bit += 1) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((network[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** The IANA IPv4 special-purpose address registry, and multicast and reserved space. */
const refusedIpv4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata at 169.254.169.254
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // direct delegation AS112
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, 255.255.255.255 (limited broadcast) included
].map(range);

/** The only IPv6 space handed out as global unicast. */
const globalUnicast = range('2000::/3');

/** Special-purpose ranges inside 2000::/3 (the IANA IPv6 special-purpose registry). */
const refusedGlobalIpv6 = [
  '2001::/23', // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID, …
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
].map(range);

const ipv4Mapped = range('::ffff:0:0/96');
const ipv4Compatible = range('::/96');
const nat64 = range('64:ff9b::/96');
const sixToFour = range('2002::/16');

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible
 * (::a.b.c.d, whose :: and ::1 become 0.0.0.0 and 0.0.0.1, both refused), NAT64 (64:ff9b::/96,
 * RFC 6052) and 6to4 (2002:AABB:CCDD::/48). Teredo (2001::/32) is refused whole with 2001::/23,
 * and the local-use NAT64 prefix 64:ff9b:1::/48 is outside 2000::/3, so refused whatever it holds.
 */
export function embeddedIpv4(bytes: IpBytes): IpBytes | undefined {
  if (bytes.length !== 16) return undefined;
  if (inRange(bytes, ipv4Mapped) || inRange(bytes, ipv4Compatible) || inRange(bytes, nat64)) {
    return bytes.slice(12);
  }
  if (inRange(bytes, sixToFour)) return bytes.slice(2, 6);
  return undefined;
}

/** True for an address on the public internet: globally routable unicast, nothing special. */
export function isGlobalUnicast(bytes: IpBytes): boolean {
  if (bytes.length === 4) return !refusedIpv4.some((entry) => inRange(bytes, entry));
  const ipv4 = embeddedIpv4(bytes);
  if (ipv4) return isGlobalUnicast(ipv4);
  if (!inRange(bytes, globalUnicast)) return false;
  return !refusedGlobalIpv6.some((entry) => inRange(bytes, entry));
}

/** The address's IPv4 form when it carries one, so ::ffff:10.0.0.1 equals 10.0.0.1. */
export function canonicalBytes(bytes: IpBytes): IpBytes {
  return embeddedIpv4(bytes) ?? bytes;
}

export function sameAddress(left: IpBytes, right: IpBytes): boolean {
  const a = canonicalBytes(left);
  const b = canonicalBytes(right);
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
