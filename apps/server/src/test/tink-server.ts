import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local HTTP server that answers as Tink's API reference shows (docs.tink.com/api-payment):
 * the client-credentials token, payment requests, and their transfers. Tests set the
 * transfers, force failures, and read back what the adapter sent. Nothing leaves the machine.
 */

export const FAKE_TINK_CLIENT = { id: 'kuvert-test-client', secret: 'kuvert-test-secret' };
export const TINK_TOKEN_SECONDS = 1800;

export interface FakeTransfer {
  status: string;
  statusMessage?: string;
  updated?: number;
}

export interface FakeTink {
  url: string;
  /** The form fields of every token request. */
  tokenRequests: URLSearchParams[];
  /** The JSON body of every payment request created. */
  paymentRequests: Array<Record<string, unknown>>;
  /** The ids Tink gave them, in order. */
  paymentRequestIds: string[];
  /** How many API calls (not token requests) came with a valid bearer token. */
  authorisedCalls: number;
  setTransfers(paymentRequestId: string, transfers: FakeTransfer[]): void;
  /** The next `count` requests (token or API) get this answer instead. */
  failNext(status: number, body?: string, count?: number): void;
  /** Tokens issued so far stop working, as if revoked early. */
  revokeTokens(): void;
  /** Requests are received but never answered. */
  hang(isHanging: boolean): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The required fields of CreatePaymentRestRequest, as the reference lists them. */
function missingPaymentFields(body: Record<string, unknown>): string[] {
  const missing: string[] = [];
  const recipient = body.recipient;
  if (!isRecord(recipient) || typeof recipient.accountNumber !== 'string') {
    missing.push('recipient.accountNumber');
  }
  if (!isRecord(recipient) || typeof recipient.accountType !== 'string') {
    missing.push('recipient.accountType');
  }
  if (typeof body.amount !== 'number') missing.push('amount');
  for (const field of ['currency', 'market', 'recipientName']) {
    if (typeof body[field] !== 'string') missing.push(field);
  }
  const remittance = body.remittanceInformation;
  if (!isRecord(remittance) || typeof remittance.type !== 'string') {
    missing.push('remittanceInformation');
  }
  return missing;
}

export async function startFakeTink(): Promise<FakeTink> {
  const validTokens = new Set<string>();
  const transfers = new Map<string, FakeTransfer[]>();
  const forced: Array<{ status: number; body: string }> = [];
  const hanging: ServerResponse[] = [];
  let isHanging = false;

  const state: Omit<FakeTink, 'url' | 'close'> = {
    tokenRequests: [],
    paymentRequests: [],
    paymentRequestIds: [],
    authorisedCalls: 0,
    setTransfers: (id, list) => void transfers.set(id, list),
    failNext(status, body = '{"errorMessage":"Internal error"}', count = 1) {
      for (let i = 0; i < count; i += 1) forced.push({ status, body });
    },
    revokeTokens: () => validTokens.clear(),
    hang(value) {
      isHanging = value;
    },
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    if (isHanging) {
      hanging.push(response);
      return;
    }
    const failure = forced.shift();
    if (failure) {
      response.writeHead(failure.status, { 'content-type': 'application/json' });
      response.end(failure.body);
      return;
    }
    const url = new URL(request.url ?? '/', 'http://tink.test');

    if (request.method === 'POST' && url.pathname === '/api/v1/oauth/token') {
      const form = new URLSearchParams(body);
      state.tokenRequests.push(form);
      const isForm = request.headers['content-type'] === 'application/x-www-form-urlencoded';
      if (
        !isForm ||
        form.get('client_id') !== FAKE_TINK_CLIENT.id ||
        form.get('client_secret') !== FAKE_TINK_CLIENT.secret
      ) {
        sendJson(response, 401, {
          errorMessage: 'Invalid client credentials',
          errorCode: 'unauthorized',
        });
        return;
      }
      if (form.get('grant_type') !== 'client_credentials') {
        sendJson(response, 400, { errorMessage: 'Unsupported grant type' });
        return;
      }
      const token = `tink-token-${randomBytes(8).toString('hex')}`;
      validTokens.add(token);
      sendJson(response, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: TINK_TOKEN_SECONDS,
        scope: form.get('scope'),
      });
      return;
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !validTokens.has(bearer)) {
      sendJson(response, 401, { errorMessage: 'Invalid access token', errorCode: 'unauthorized' });
      return;
    }
    state.authorisedCalls += 1;

    if (request.method === 'POST' && url.pathname === '/api/v1/payments/requests') {
      const parsed: unknown = JSON.parse(body);
      if (!isRecord(parsed)) {
        sendJson(response, 400, { errorMessage: 'Body is not an object' });
        return;
      }
      const missing = missingPaymentFields(parsed);
      if (missing.length > 0) {
        sendJson(response, 400, { errorCode: 'invalid_request', errorMessage: missing.join(', ') });
        return;
      }
      const id = randomBytes(16).toString('hex');
      state.paymentRequests.push(parsed);
      state.paymentRequestIds.push(id);
      transfers.set(id, []);
      sendJson(response, 200, { ...parsed, id, created: Date.now() });
      return;
    }

    const transfersPath = /^\/api\/v1\/payments\/requests\/([^/]+)\/transfers$/.exec(url.pathname);
    if (request.method === 'GET' && transfersPath) {
      const list = transfers.get(decodeURIComponent(transfersPath[1] ?? ''));
      if (!list) {
        sendJson(response, 404, { errorCode: 'not_found', errorMessage: 'No payment request' });
        return;
      }
      sendJson(response, 200, {
        paymentRequestCreatedTransfers: list.map((transfer, index) => ({
          id: `transfer-${index}`,
          amount: 123.45,
          currency: 'EUR',
          market: 'DE',
          providerName: 'demo-bank',
          recipientName: 'Test',
          created: 1_700_000_000_000,
          updated: 1_700_000_000_000 + index,
          ...transfer,
        })),
      });
      return;
    }
    sendJson(response, 404, { errorMessage: 'Not found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => sendJson(response, 500, { errorMessage: 'crash' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake Tink not listening');
  const { port } = address;

  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
