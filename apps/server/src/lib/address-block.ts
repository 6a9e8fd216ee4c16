import { isIPv4, isIPv6 } from 'node:net';

const GROUPS = 8;
/** Groups of an IPv6 address that name its network: the /64 a single host is given. */
const NETWORK_GROUPS = 4;

function hexGroups(part: string): number[] {
  return part === '' ? [] : part.split(':').map((group) => parseInt(group, 16));
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 becomes two). */
function groupsOf(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = hexGroups(head);
  const right = rest === undefined ? [] : hexGroups(rest);
  const zeros = Array.from({ length: GROUPS - left.length - right.length }, () => 0);
  return [...left, ...zeros, ...right];
}

/**
 * The block of addresses one client controls, for limits per address: an IPv4 address as
 * it is; an IPv6 address as its /64, since a single customer line is routinely handed a
 * whole /64 and can pick any of its 2^64 addresses per request. An IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 clients) is the IPv4
 * address it maps. Anything else (not an IP address) is returned unchanged.
 */
export function addressBlockOf(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = groupsOf(bare);
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  const network = groups.slice(0, NETWORK_GROUPS).map((group) => group.toString(16));
  return `${network.join(':')}::/64`;
}
