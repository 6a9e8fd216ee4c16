import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/** A provider's webhook endpoint on 127.0.0.1 that keeps what it receives, raw. */
export interface WebhookReceiver {
  url: string;
  received: Array<{ headers: IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  const server: Server = createServer(async (request, response) => {
    received.push({ headers: request.headers, body: await text(request) });
    response.statusCode = 204;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
  return {
    url: `http://127.0.0.1:${port}/kuvert`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
