import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SealedDocument, SealSigner } from '../plugins/processing/document-processing.ts';
import { createUserWithPassword } from './factories.ts';
import { createTestProvider, deliverTestLetter, samplePdf } from './mailbox.ts';

export interface SealedTestRequest {
  sealed: SealedDocument;
  requestId: string;
  subject: string;
  providerName: string;
  sealedAt: string;
  signers: Array<{ name: string; email: string }>;
}

/**
 * A signature request as the signing flow leaves it once both signers acted: the provider's
 * letter, the request and its signers in the database, and the documents sealed by Kuvert's
 * own sealing (the processing pool, with `app.seal`). The second signer declines when
 * `outcome` is `declined`.
 */
export async function createSealedRequest(
  app: FastifyInstance,
  outcome: 'completed' | 'declined' = 'completed',
): Promise<SealedTestRequest> {
  const provider = await createTestProvider(app, { name: 'Stadtwerke Łódź' });
  const first = await createUserWithPassword(app, { firstName: 'Zoë', lastName: 'Şükrü' });
  const second = await createUserWithPassword(app, { firstName: 'Łukasz', lastName: 'Nowak' });
  const subject = 'Tenancy agreement';
  const letterId = await deliverTestLetter(app, provider.apiKey, first.email, { subject });
  const now = app.clock.now();
  const signedAt = new Date(now.getTime() - 60_000).toISOString();
  const sealedAt = now.toISOString();
  const isDeclined = outcome === 'declined';
  const people = [
    { user: first, name: 'Zoë Şükrü', status: 'signed' as const },
    {
      user: second,
      name: 'Łukasz Nowak',
      status: isDeclined ? ('declined' as const) : ('signed' as const),
    },
  ];
  const sealSigners: SealSigner[] = people.map((person) => ({
    name: person.name,
    email: person.user.email,
    status: person.status,
    method: person.status === 'signed' ? 'typed' : null,
    typedName: person.status === 'signed' ? person.name : null,
    strokes: null,
    signedAt: person.status === 'signed' ? signedAt : null,
    declinedAt: person.status === 'declined' ? signedAt : null,
    declinedReason: person.status === 'declined' ? 'The rent is wrong' : null,
    ipAddress: '192.0.2.7',
    userAgent: 'Test browser',
    identifiedBy: 'password',
  }));
  const requestId = randomUUID();
  const sealed = await app.processing.sealDocuments({
    documents: [{ filename: 'agreement.pdf', bytes: await samplePdf('Tenancy agreement') }],
    outcome,
    request: {
      id: requestId,
      subject,
      providerName: 'Stadtwerke Łódź',
      createdAt: now.toISOString(),
      dueDate: '2099-12-31',
    },
    signers: sealSigners,
    language: 'en',
    sealedAt,
    seal: app.seal.key,
  });

  await app.db
    .insertInto('signature_requests')
    .values({
      id: requestId,
      letter_id: letterId,
      provider_id: provider.provider.id,
      status: outcome,
      due_date: '2099-12-31',
      completed_at: isDeclined ? null : sealedAt,
      declined_at: isDeclined ? signedAt : null,
      expired_at: null,
      cancelled_at: null,
      seal_status: 'sealed',
      seal_failure: null,
      sealed_at: sealedAt,
      sealed_storage_key: null,
      sealed_sha256: sealed.sha256,
      sealed_signed_sha256: sealed.signedSha256,
      sealed_size: sealed.bytes.length,
      created_at: now.toISOString(),
      updated_at: sealedAt,
    })
    .execute();
  await app.db
    .insertInto('signature_signers')
    .values(
      people.map((person, index) => ({
        id: randomUUID(),
        request_id: requestId,
        position: index,
        email: person.user.email,
        user_id: person.user.user.id,
        letter_id: letterId,
        status: person.status,
        method: person.status === 'signed' ? ('typed' as const) : null,
        typed_name: person.status === 'signed' ? person.name : null,
        strokes: null,
        signer_name: person.name,
        signed_at: person.status === 'signed' ? signedAt : null,
        declined_at: person.status === 'declined' ? signedAt : null,
        declined_reason: person.status === 'declined' ? 'The rent is wrong' : null,
        ip_address: '192.0.2.7',
        user_agent: 'Test browser',
        identified_by: 'password',
        created_at: now.toISOString(),
      })),
    )
    .execute();
  return {
    sealed,
    requestId,
    subject,
    providerName: 'Stadtwerke Łódź',
    sealedAt,
    signers: people.map((person) => ({ name: person.name, email: person.user.email })),
  };
}
