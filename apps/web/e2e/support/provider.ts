import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { E2E_BASE_URL } from './environment.ts';
import { runKuvert } from './kuvert-cli.ts';

/** A webhook address nobody listens at: for tests that do not mind their webhooks failing. */
export const NO_WEBHOOK = 'http://127.0.0.1:9/hooks';

/** A word no other letter contains: lower-case letters only, so search tokenisers keep it whole. */
export function uniqueWord(prefix = ''): string {
  return `${prefix}${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

export interface TestProvider {
  name: string;
  apiKey: string;
  webhookSecret: string;
}

/** A provider made the way operators make them: `kuvert provider create`. */
export async function createProvider(name: string, webhookUrl: string): Promise<TestProvider> {
  const stdout = await runKuvert(['provider', 'create', name, '--webhook-url', webhookUrl]);
  const apiKey = /api key[^:\n]*:\s*(\S+)/iu.exec(stdout)?.[1];
  const webhookSecret = /webhook secret[^:\n]*:\s*(\S+)/iu.exec(stdout)?.[1];
  if (apiKey === undefined || webhookSecret === undefined) {
    throw new Error(`unexpected output of provider create:\n${stdout}`);
  }
  return { name, apiKey, webhookSecret };
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  /** The raw body, exactly as received: the signature is over these bytes. */
  body: string;
}

/** A provider's webhook endpoint: a real HTTP server that records what it receives. */
export async function startWebhookReceiver(): Promise<{
  url: string;
  received: ReceivedWebhook[];
  close: () => Promise<void>;
}> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('receiver not listening');
  return {
    url: `http://127.0.0.1:${address.port}/kuvert-webhooks`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The check a provider implements: `Kuvert-Signature: t=<unix>,v1=<hex>` where hex is the
 * HMAC-SHA256 of "<t>.<raw body>" with the webhook secret; t within 5 minutes.
 */
export function verifyWebhookSignature(webhook: ReceivedWebhook, secret: string): boolean {
  const header = webhook.headers['kuvert-signature'];
  if (typeof header !== 'string') return false;
  const parts = header.split(',').map((part) => part.trim().split('=', 2));
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (timestamp === undefined || !/^\d+$/u.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${webhook.body}`).digest();
  return signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A real PDF with the given lines, one page per entry of `pages`. */
export async function makePdf(pages: string[][]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = document.addPage([595, 842]);
    lines.forEach((line, index) => {
      page.drawText(line, { x: 64, y: 760 - index * 22, size: 13, font });
    });
  }
  return document.save();
}

export interface DeliveryInput {
  recipientEmail: string;
  subject: string;
  body?: string;
  kind?: 'letter' | 'invoice' | 'signature_request';
  invoice?: { amount: number; currency: string; due_date: string; iban: string; reference: string };
  /** A signature request: the last day to sign and who signs (default: the recipient). */
  signature?: { due_date: string; signers?: Array<{ email: string; identity?: 'verified' }> };
  external_id?: string;
  pdf: Uint8Array;
  filename?: string;
}

/** Delivers a letter the way a provider's program does: multipart POST to the Sender API. */
export async function deliverLetter(provider: TestProvider, input: DeliveryInput): Promise<string> {
  const form = new FormData();
  const { pdf, filename = 'letter.pdf', recipientEmail, ...metadata } = input;
  form.set(
    'metadata',
    new Blob([JSON.stringify({ ...metadata, recipient: { email: recipientEmail } })], {
      type: 'application/json',
    }),
  );
  form.append('document', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), filename);
  const response = await fetch(`${E2E_BASE_URL}/api/sender/v1/letters`, {
    method: 'POST',
    headers: { authorization: `Bearer ${provider.apiKey}` },
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`delivery failed: ${response.status} ${await response.text()}`);
  }
  const { id }: { id: string } = await response.json();
  return id;
}

export async function senderApi<T>(provider: TestProvider, route: string): Promise<T> {
  const response = await fetch(`${E2E_BASE_URL}/api/sender/v1${route}`, {
    headers: { authorization: `Bearer ${provider.apiKey}` },
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  const body: T = await response.json();
  return body;
}
