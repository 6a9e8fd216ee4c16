import { promises as dns, type LookupAddress } from 'node:dns';
import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import { ipBytes, isGlobalUnicast, sameAddress, type IpBytes } from './ip-address.ts';

/*
 * Outbound requests to addresses a provider chose (webhook URLs) reach only globally routable
 * unicast addresses (lib/ip-address.ts) that are not this host's own. A name is resolved once,
 * every answer checked, and the connection goes to an address that was checked: the check is
 * the `lookup` of the socket itself, so a DNS answer that changes between check and connect
 * (DNS rebinding) has no second chance.
 */

export class PrivateNetworkError extends Error {
  constructor(host: string) {
    super(`${host} is not a public internet address`);
    this.name = 'PrivateNetworkError';
  }
}

/** This host's own addresses: a public address on one of its interfaces is still itself. */
export function ownAddresses(): IpBytes[] {
  return Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? []).flatMap((entry) => {
      const bytes = ipBytes(entry.address.replace(/%.*$/, ''));
      return bytes ? [bytes] : [];
    }),
  );
}

/** True when an outbound request may connect to this IP address. */
export function isAllowedAddress(address: string, own: readonly IpBytes[] = ownAddresses()) {
  const bytes = ipBytes(address);
  if (!bytes || !isGlobalUnicast(bytes)) return false;
  return !own.some((entry) => sameAddress(entry, bytes));
}

/** A URL's host written as an IP address that may not be reached, or a name for this host. */
export function isRefusedHostLiteral(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  return isIP(bare) !== 0 && !isAllowedAddress(bare);
}

/** Every address a name resolves to; replaceable for tests. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true });

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export type GuardedLookup = (
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
) => void;

function wantedFamily(family: number | string | undefined): number {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

/**
 * A `lookup` for node:net/http(s) sockets: resolves the name once and refuses it when any answer
 * is not a public address, so a name cannot mix a public answer with a private one either.
 */
export function guardedLookup(resolve: HostResolver = systemResolver): GuardedLookup {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const family = wantedFamily(options.family);
        const usable = answers.filter((entry) => family === 0 || entry.family === family);
        const own = ownAddresses();
        if (usable.length === 0 || answers.some((entry) => !isAllowedAddress(entry.address, own))) {
          callback(new PrivateNetworkError(hostname), []);
          return;
        }
        if (options.all) {
          callback(null, usable);
          return;
        }
        const [first] = usable;
        callback(null, first?.address ?? '', first?.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []),
    );
  };
}
