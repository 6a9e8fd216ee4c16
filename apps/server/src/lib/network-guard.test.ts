import { createServer, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../test/helper.ts';
import { guardedLookup, isAllowedAddress, isRefusedHostLiteral } from './network-guard.ts';
import { deliverWebhook, type WebhookDelivery } from './webhooks.ts';

describe('isAllowedAddress', () => {
  it.each([
    // Loopback, private and link-local, and the same in IPv6 disguises.
    '127.0.0.1',
    '127.255.255.254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '10.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a00:1',
    '::10.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b:1::a00:1',
    '64:ff9b:1::5db8:d70e',
    '2002:a00:1::1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '::ffff:169.254.169.254',
    '100.64.0.1',
    // Special-purpose IPv4.
    '0.0.0.0',
    '0.1.2.3',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // Special-purpose IPv6, and everything outside 2000::/3.
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:2::1',
    '2001:10::1',
    '3fff::1',
    '4000::1',
    '::ffff:0:808:808',
    'not an address',
    'fe80::1%eth0',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, [])).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    '2a00:1450:4001:82b::200e',
    '::ffff:93.184.215.14',
    '64:ff9b::93.184.215.14',
    '2002:5db8:d70e::1',
  ])('allows %s', (address) => {
    expect(isAllowedAddress(address, [])).toBe(true);
  });

  it('refuses every address of this host, a public one on its interface too', () => {
    const own = Object.values(networkInterfaces()).flatMap((entries) =>
      (entries ?? []).map((entry) => entry.address),
    );
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) expect(isAllowedAddress(address)).toBe(false);
    // A public address assigned to this host, as a cloud machine has.
    expect(isAllowedAddress('93.184.215.14')).toBe(true);
    expect(isAllowedAddress('93.184.215.14', [[93, 184, 215, 14]])).toBe(false);
    expect(isAllowedAddress('::ffff:93.184.215.14', [[93, 184, 215, 14]])).toBe(false);
    expect(isAllowedAddress('64:ff9b::5db8:d70e', [[93, 184, 215, 14]])).toBe(false);
  });

  it('refuses URL hosts written as such addresses or naming this host', () => {
    for (const host of [
      new URL('http://[::ffff:127.0.0.1]/').hostname,
      new URL('http://[64:ff9b::10.0.0.1]/').hostname,
      new URL('http://2130706433/').hostname,
      new URL('http://0x7f.1/').hostname,
      'localhost',
      'api.localhost',
    ]) {
      expect(isRefusedHostLiteral(host)).toBe(true);
    }
    expect(isRefusedHostLiteral('hooks.example.com')).toBe(false);
    expect(isRefusedHostLiteral('93.184.215.14')).toBe(false);
  });
});

const lookUp = (answers: LookupAddress[], options: { all?: boolean; family?: number } = {}) =>
  new Promise<{ error: unknown; address: unknown }>((resolve) => {
    guardedLookup(async () => answers)('hooks.example.com', options, (error, address) =>
      resolve({ error, address }),
    );
  });

describe('guardedLookup', () => {
  it('refuses a name when any of its answers is not public', async () => {
    const mixed = await lookUp([
      { address: '93.184.215.14', family: 4 },
      { address: '::ffff:10.0.0.1', family: 6 },
    ]);
    expect(mixed.error).toMatchObject({ name: 'PrivateNetworkError' });
    expect((await lookUp([])).error).toMatchObject({ name: 'PrivateNetworkError' });
  });

  it('answers the checked addresses', async () => {
    const answers = [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ];
    expect(await lookUp(answers, { all: true })).toEqual({ error: null, address: answers });
    expect(await lookUp(answers, { family: 6 })).toEqual({
      error: null,
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    });
  });
});

describe('a webhook to a name that rebinds to this host', () => {
  let server: Server;
  let port: number;
  let hits: number;

  beforeEach(async () => {
    hits = 0;
    server = createServer((request, response) => {
      hits += 1;
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address: AddressInfo | string | null = server.address();
    if (!address || typeof address === 'string') throw new Error('server has no port');
    port = address.port;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('never reaches the local server: one answer is checked and connected to', async () => {
    // First a public address (which passes the check), then the listening local server.
    const asked: string[] = [];
    let calls = 0;
    const resolve = async (hostname: string): Promise<LookupAddress[]> => {
      asked.push(hostname);
      calls += 1;
      return [{ address: calls === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    };
    const delivery = (): WebhookDelivery => ({
      url: `http://rebind.example:${port}/hooks`,
      secret: 'whsec_test',
      event: { id: 'evt_1', type: 'letter.read', createdAt: new Date('2025-03-01T12:00:00Z') },
      payload: {},
      clock: new FakeClock(Date.parse('2025-03-01T12:00:00Z')),
      allowPrivateNetworks: false,
      resolve,
      timeoutMs: 300,
    });

    // The first delivery goes to the public address it checked (unreachable from here), not to
    // 127.0.0.1: the name is resolved once, by the socket itself.
    const first = deliverWebhook(delivery());
    await expect(first).rejects.toMatchObject({ name: 'WebhookDeliveryError' });
    await expect(first).rejects.not.toThrow(/not a public internet address/);
    expect(asked).toEqual(['rebind.example']);
    // Once the name answers 127.0.0.1, it is refused.
    await expect(deliverWebhook(delivery())).rejects.toThrow(/not a public internet address/);
    expect(asked).toHaveLength(2);
    expect(hits).toBe(0);
  });
});
