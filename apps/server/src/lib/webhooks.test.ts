import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../test/helper.ts';
import {
  deliverWebhook,
  signWebhook,
  verifyWebhookSignature,
  WebhookDeliveryError,
  type WebhookDelivery,
} from './webhooks.ts';

interface ReceivedRequest {
  method: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

const secret = 'whsec_test_7f3a9c';

describe('signWebhook and verifyWebhookSignature', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = '{"id":"evt_1","type":"letter.read"}';

  it('produces the documented header, which verifies', () => {
    const header = signWebhook(secret, timestamp, body);

    expect(header).toMatch(/^t=1740830400,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature({ secret, header, body, now })).toBe(true);
  });

  it('rejects a changed body, another secret, an old timestamp or a garbled header', () => {
    const header = signWebhook(secret, timestamp, body);
    const sixMinutesLater = new Date(now.getTime() + 6 * 60_000);

    expect(verifyWebhookSignature({ secret, header, body: `${body} `, now })).toBe(false);
    expect(verifyWebhookSignature({ secret: 'other', header, body, now })).toBe(false);
    expect(verifyWebhookSignature({ secret, header, body, now: sixMinutesLater })).toBe(false);
    expect(verifyWebhookSignature({ secret, header: 't=abc,v1=zz', body, now })).toBe(false);
    expect(verifyWebhookSignature({ secret, header: `${header.slice(0, -2)}`, body, now })).toBe(
      false,
    );
  });

  it('accepts any one of several v1 signatures, as while a secret is rotated', () => {
    const oldSecretHeader = signWebhook('old', timestamp, body);
    const header = `${oldSecretHeader},v1=${signWebhook(secret, timestamp, body).split('v1=')[1]}`;

    expect(verifyWebhookSignature({ secret, header, body, now })).toBe(true);
  });
});

describe('deliverWebhook', () => {
  let server: Server;
  let url: string;
  let received: ReceivedRequest[];
  let answer: { status: number; headers?: Record<string, string>; delayMs?: number };
  const clock = new FakeClock(Date.parse('2025-03-01T12:00:00Z'));

  function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
    return {
      url,
      secret,
      event: { id: 'evt_0193', type: 'invoice.paid', createdAt: new Date('2025-03-01T11:59:00Z') },
      payload: { letter_id: 'let_1', amount: 12_345, currency: 'EUR' },
      clock,
      // The receiver below listens on 127.0.0.1; the guard has its own tests.
      allowPrivateNetworks: true,
      ...overrides,
    };
  }

  beforeEach(async () => {
    received = [];
    answer = { status: 204 };
    server = createServer(async (request, response) => {
      received.push({
        method: request.method,
        headers: request.headers,
        body: await text(request),
      });
      setTimeout(() => {
        response.writeHead(answer.status, answer.headers).end('ok');
      }, answer.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address: AddressInfo | string | null = server.address();
    if (!address || typeof address === 'string') throw new Error('server has no port');
    url = `http://127.0.0.1:${address.port}/hooks/kuvert`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('POSTs the signed event, which the provider can verify', async () => {
    expect(await deliverWebhook(delivery())).toEqual({ status: 204 });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['kuvert-event-id']).toBe('evt_0193');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      id: 'evt_0193',
      type: 'invoice.paid',
      created_at: '2025-03-01T11:59:00.000Z',
      data: { letter_id: 'let_1', amount: 12_345, currency: 'EUR' },
    });
    const header = String(request?.headers['kuvert-signature']);
    expect(header.startsWith(`t=${Math.floor(clock.now().getTime() / 1000)},v1=`)).toBe(true);
    expect(
      verifyWebhookSignature({ secret, header, body: request?.body ?? '', now: clock.now() }),
    ).toBe(true);
  });

  it('throws on an error answer, so that the job retries', async () => {
    answer = { status: 500 };

    await expect(deliverWebhook(delivery())).rejects.toMatchObject({
      name: 'WebhookDeliveryError',
      status: 500,
    });
  });

  it('does not follow a redirect', async () => {
    answer = { status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } };

    await expect(deliverWebhook(delivery())).rejects.toMatchObject({ status: 302 });
    expect(received).toHaveLength(1);
  });

  it('gives up on a provider that does not answer in time', async () => {
    answer = { status: 200, delayMs: 2000 };

    const attempt = deliverWebhook(delivery({ timeoutMs: 100 }));

    await expect(attempt).rejects.toBeInstanceOf(WebhookDeliveryError);
    await expect(attempt).rejects.toThrow(/no answer within 100 ms/);
  });

  it('reports an unreachable provider as a delivery error', async () => {
    await expect(deliverWebhook(delivery({ url: 'http://127.0.0.1:1/' }))).rejects.toBeInstanceOf(
      WebhookDeliveryError,
    );
  });

  it('refuses a private address unless allowed, and the receiver hears nothing', async () => {
    const attempt = deliverWebhook(delivery({ allowPrivateNetworks: false }));

    await expect(attempt).rejects.toBeInstanceOf(WebhookDeliveryError);
    await expect(attempt).rejects.toThrow(/not a public internet address/);
    expect(received).toHaveLength(0);
  });

  it('refuses a localhost name before any lookup', async () => {
    const port = new URL(url).port;
    const attempt = deliverWebhook(
      delivery({ url: `http://localhost:${port}/hooks`, allowPrivateNetworks: false }),
    );

    await expect(attempt).rejects.toThrow(/not a public internet address/);
    expect(received).toHaveLength(0);
  });
});
