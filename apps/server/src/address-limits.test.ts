import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';

const MAX = 3;

/** Addresses a single customer line may use: all of one /64, each asked once. */
const ONE_SLASH_64 = [
  '2001:db8:1:2::1',
  '2001:db8:1:2::2',
  '2001:db8:1:2:ffff:ffff:ffff:fffe',
  '2001:0db8:0001:0002:1234:5678:9abc:def0',
  '2001:db8:1:2:a:b:c:d',
  '2001:DB8:1:2::99',
];

function statusesOf(responses: LightMyRequestResponse[]): number[] {
  return responses.map((response) => response.statusCode);
}

/** Sends one request per address, one after the other; their statuses in order. */
async function inTurn(
  addresses: string[],
  send: (address: string, index: number) => Promise<LightMyRequestResponse>,
): Promise<number[]> {
  const responses: LightMyRequestResponse[] = [];
  for (const [index, address] of addresses.entries()) responses.push(await send(address, index));
  return statusesOf(responses);
}

describe.each(testEngines)('limits per address count an IPv6 /64 as one address (%s)', (engine) => {
  let t: TestApp;

  afterEach(async () => t?.close());

  function guess(remoteAddress: string, index: number) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      // A new e-mail each time: only the limit per address can stop these.
      payload: { email: `guess${index}@example.com`, password: 'wrong!!!' },
    });
  }

  it('stops login guesses from many addresses of one /64 like guesses from one address', async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: String(MAX) });
    const fromOneAddress = await inTurn(Array(6).fill('2001:db8:9:9::1'), guess);
    const fromOneNetwork = await inTurn(ONE_SLASH_64, (address, index) =>
      guess(address, index + 10),
    );
    expect({ fromOneAddress, fromOneNetwork }).toEqual({
      fromOneAddress: [401, 401, 401, 429, 429, 429],
      fromOneNetwork: [401, 401, 401, 429, 429, 429],
    });
    // The next /64 is someone else.
    expect((await guess('2001:db8:1:3::1', 99)).statusCode).toBe(401);
  });

  it('counts an IPv4 client the same whether its address comes IPv4-mapped or not', async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: String(MAX) });
    const statuses = await inTurn(
      ['192.0.2.7', '::ffff:192.0.2.7', '::ffff:c000:207', '192.0.2.7'],
      guess,
    );
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await guess('192.0.2.8', 99)).statusCode).toBe(401);
  });

  it('limits password-reset requests per /64 too', async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: String(MAX) });
    const statuses = await inTurn(ONE_SLASH_64.slice(0, 4), (remoteAddress, index) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        remoteAddress,
        payload: { email: `someone${index}@example.com` },
      }),
    );
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
