import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { renderLetterPdf } from '../lib/letter-pdf.ts';
import { createProvider, type CreatedProvider } from '../modules/providers/providers.service.ts';
import { createAccount } from '../modules/accounts/accounts.service.ts';

/** Factories for mailbox tests: providers, PDFs, multipart bodies, Sender API deliveries. */

export const VALID_IBAN = 'DE89370400440532013000';

let providerCounter = 0;

export async function createTestProvider(
  app: FastifyInstance,
  overrides: { name?: string; webhookUrl?: string } = {},
): Promise<CreatedProvider> {
  providerCounter += 1;
  return createProvider(app, {
    name: overrides.name ?? `Provider ${providerCounter}`,
    category: 'utility',
    ...(overrides.webhookUrl ? { webhookUrl: overrides.webhookUrl } : {}),
  });
}

/** A real PDF whose text contains `words`. */
export async function samplePdf(words = 'Sample letter'): Promise<Buffer> {
  const bytes = await renderLetterPdf({
    sender: { name: 'Test Sender', addressLines: ['Street 1', '12345 Town'] },
    recipient: { name: 'Test Recipient', addressLines: ['Road 2', '54321 City'] },
    date: new Date('2025-06-01T09:00:00Z'),
    subject: 'Test letter',
    paragraphs: [words],
    language: 'en',
  });
  return Buffer.from(bytes);
}

export type MultipartPart =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body for app.inject, built by hand so tests control every byte. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----kuvert-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const isFile = 'filename' in part;
    const disposition = isFile
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ?? (isFile ? 'application/pdf' : undefined);
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (type) head.push(`Content-Type: ${type}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`));
    chunks.push(isFile ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface SendOptions {
  documents?: Array<{ filename: string; content: Buffer }>;
  headers?: Record<string, string>;
}

export async function postLetter(
  app: FastifyInstance,
  apiKey: string,
  metadata: unknown,
  options: SendOptions = {},
): Promise<LightMyRequestResponse> {
  const documents = options.documents ?? [{ filename: 'letter.pdf', content: await samplePdf() }];
  const body = multipart([
    { name: 'metadata', value: JSON.stringify(metadata), contentType: 'application/json' },
    ...documents.map((document) => ({ name: 'document', ...document })),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/sender/v1/letters',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': body.contentType,
      ...options.headers,
    },
    payload: body.payload,
  });
}

/** Delivers a letter through the Sender API and answers its id; fails the test otherwise. */
export async function deliverTestLetter(
  app: FastifyInstance,
  apiKey: string,
  email: string,
  metadata: Record<string, unknown> = {},
  options: SendOptions = {},
): Promise<string> {
  const response = await postLetter(
    app,
    apiKey,
    { recipient: { email }, subject: 'A letter', body: 'Hello there', ...metadata },
    options,
  );
  if (response.statusCode !== 201) {
    throw new Error(`delivery failed: ${response.statusCode} ${response.body}`);
  }
  const body: unknown = response.json();
  if (typeof body !== 'object' || body === null || !('id' in body) || typeof body.id !== 'string') {
    throw new Error(`no id in ${response.body}`);
  }
  return body.id;
}

/** The personal account id of a logged-in user (their first account). */
export function personalAccountOf(user: {
  body: { accounts: Array<{ id: string; kind: string }> };
}): string {
  const account = user.body.accounts.find((candidate) => candidate.kind === 'personal');
  if (!account) throw new Error('no personal account');
  return account.id;
}

/** Adds `userId` to a new shared account with `role`; answers the account id. */
export async function createSharedAccount(
  app: FastifyInstance,
  userId: string,
  role: 'owner' | 'member' | 'viewer' = 'owner',
): Promise<string> {
  return createAccount(app, app.db, {
    name: `Shared ${randomUUID().slice(0, 6)}`,
    kind: 'shared',
    userId,
    role,
  });
}

export async function addMember(
  app: FastifyInstance,
  accountId: string,
  userId: string,
  role: 'owner' | 'member' | 'viewer',
): Promise<void> {
  await app.db
    .insertInto('memberships')
    .values({
      account_id: accountId,
      user_id: userId,
      role,
      created_at: app.clock.now().toISOString(),
    })
    .execute();
}

/** Delivers directly into any account (shared ones included), bypassing the e-mail lookup. */
export async function moveLetterToAccount(
  app: FastifyInstance,
  letterId: string,
  accountId: string,
): Promise<void> {
  await app.db
    .updateTable('letters')
    .set({ account_id: accountId })
    .where('id', '=', letterId)
    .execute();
}

export function jsonOf(response: LightMyRequestResponse): Record<string, unknown> {
  const body: unknown = response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`not a JSON object: ${response.body}`);
  }
  return Object.fromEntries(Object.entries(body));
}

/** The keys of every document in a FileSystemDocumentStore under `dataDir/documents`. */
export function storedDocumentKeys(dataDir: string): string[] {
  const root = path.join(dataDir, 'documents');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.basename(entry))
    .filter((name) => /^[0-9a-f]{64}$/.test(name));
}
