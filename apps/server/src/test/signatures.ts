import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openSignatureRequestListSchema, type SignRequest } from '@kuvert/shared/signatures';
import type { CreatedUser, LoggedIn } from './factories.ts';
import { dayFromToday } from './invoices.ts';
import { deliverTestLetter } from './mailbox.ts';

/** Signature requests for tests, delivered through the Sender API, signed through the portal. */

export type TestUser = CreatedUser & LoggedIn;

export interface TestSignatureRequest {
  /** E-mails of the signers (or signers with a requirement); default: the recipient alone. */
  signers?: Array<string | { email: string; identity: 'verified' }>;
  /** Days from the test clock's today. */
  dueInDays?: number;
  subject?: string;
  externalId?: string;
}

export async function deliverSignatureRequest(
  app: FastifyInstance,
  apiKey: string,
  recipientEmail: string,
  request: TestSignatureRequest = {},
): Promise<string> {
  return deliverTestLetter(app, apiKey, recipientEmail, {
    kind: 'signature_request',
    subject: request.subject ?? 'Please sign the contract',
    ...(request.externalId ? { external_id: request.externalId } : {}),
    signature: {
      due_date: dayFromToday(app, request.dueInDays ?? 7),
      ...(request.signers
        ? {
            signers: request.signers.map((signer) =>
              typeof signer === 'string' ? { email: signer } : signer,
            ),
          }
        : {}),
    },
  });
}

/** The user's own copy of the request they are asked to sign (from their open list). */
export async function openCopyOf(app: FastifyInstance, user: TestUser, subject?: string) {
  const response = await app.inject({
    url: '/api/signature-requests/open',
    headers: { cookie: user.cookie },
  });
  const list = openSignatureRequestListSchema.parse(response.json());
  const item = list.items.find((candidate) => !subject || candidate.subject === subject);
  if (!item) throw new Error(`no open signature request for ${user.email}`);
  return item.letter_id;
}

export function signAs(
  app: FastifyInstance,
  user: TestUser,
  letterId: string,
  body: Partial<SignRequest> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/letters/${letterId}/signature/sign`,
    headers: { ...user.headers, 'user-agent': 'Kuvert test browser' },
    payload: {
      method: 'typed',
      typed_name: 'Test User',
      consent: true,
      password: user.password,
      ...body,
    },
  });
}

export function declineAs(
  app: FastifyInstance,
  user: TestUser,
  letterId: string,
  reason = 'The amount is wrong',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/letters/${letterId}/signature/decline`,
    headers: user.headers,
    payload: { reason },
  });
}

export function letterOf(app: FastifyInstance, user: TestUser, letterId: string) {
  return app.inject({ url: `/api/letters/${letterId}`, headers: { cookie: user.cookie } });
}

/** Jobs of a type, with their parsed payloads. */
export async function jobsOfType(app: FastifyInstance, type: string) {
  const rows = await app.db
    .selectFrom('jobs')
    .select(['payload', 'status'])
    .where('type', '=', type)
    .execute();
  return rows.map((row) => ({ status: row.status, payload: JSON.parse(row.payload) }));
}
