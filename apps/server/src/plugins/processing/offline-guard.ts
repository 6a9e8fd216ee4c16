import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';

/**
 * A reader of hostile documents has no business on the network, and the OCR library would
 * fetch its language data from a CDN if it were ever misconfigured. Installed in every
 * processing child and, by Node, in the worker threads it starts (OCR runs in one), through
 * offline-preload.ts. Every way out (TCP, and with it HTTP, TLS and fetch; UDP; name
 * lookups) fails at once with this message, so a task that tried is answered as a failure
 * that says why.
 */

export const OFFLINE_MESSAGE = 'The document reader has no network access.';

function refuse(): never {
  throw new Error(OFFLINE_MESSAGE);
}

export function installOfflineGuard(): void {
  net.Socket.prototype.connect = refuse;
  dgram.Socket.prototype.send = refuse;
  Object.assign(dns, { lookup: refuse });
  Object.assign(dns.promises, { lookup: refuse });
  globalThis.fetch = () => Promise.reject(new Error(OFFLINE_MESSAGE));
}
