import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import type { SignerIdentityRequirement } from '@kuvert/shared/signatures';
import { AppError } from '../../plugins/app-error.ts';
import { findPersonalAccountByEmail } from '../users/personal-mailbox.service.ts';
import { todayOf } from '../invoices/invoice-status.ts';
import {
  deliverLetter,
  type DeliveryOptions,
  type DeliveryResult,
  type ParsedLetterMetadata,
  type StoredLetterDocument,
} from '../letters/letter-delivery.service.ts';
import { insertSignatureRequest } from './signatures.repository.ts';

/** A signer found among Kuvert's users: their copy goes to their personal account. */
export interface ResolvedSigner {
  email: string;
  userId: string;
  accountId: string;
}

export interface SignatureDetails {
  due_date: string;
  signers?: Array<{ email: string; identity?: SignerIdentityRequirement | undefined }> | undefined;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ path, message }] });
}

/**
 * Checks a signature request before anything is written: a due date not yet past (in the
 * server's time zone), only PDFs (what is signed is sealed as PDF), and every signer a Kuvert
 * user. Signers default to the recipient alone.
 */
export async function resolveSigners(
  app: FastifyInstance,
  details: SignatureDetails,
  recipient: ResolvedSigner,
  documents: Array<{ filename: string; contentType: string; isEncrypted?: boolean }>,
): Promise<Array<ResolvedSigner & { identity: SignerIdentityRequirement | null }>> {
  if (details.due_date < todayOf(app)) {
    throw invalid('metadata.signature.due_date', 'The due date has passed already');
  }
  if (documents.some((document) => document.contentType !== 'application/pdf')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'Only PDF documents can be signed.',
      details: [{ path: 'document', message: 'A signature request takes PDF documents only' }],
    });
  }
  const encrypted = documents.find((document) => document.isEncrypted);
  if (encrypted) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `“${encrypted.filename}” is encrypted: Kuvert cannot seal a signed copy of it. Send it without encryption.`,
      details: [
        {
          path: 'document',
          filename: encrypted.filename,
          message: 'A signature request takes unencrypted PDFs only',
        },
      ],
    });
  }
  const wanted = details.signers ?? [{ email: recipient.email }];
  const signers: Array<ResolvedSigner & { identity: SignerIdentityRequirement | null }> = [];
  for (const [index, signer] of wanted.entries()) {
    const identity = signer.identity ?? null;
    if (signer.email === recipient.email) {
      signers.push({ ...recipient, identity });
      continue;
    }
    const found = await findPersonalAccountByEmail(app.db, signer.email);
    if (!found) {
      throw new AppError('RECIPIENT_UNKNOWN', {
        message: `No Kuvert user has the e-mail address ${signer.email}.`,
        details: [
          {
            path: `metadata.signature.signers[${index}].email`,
            email: signer.email,
            message: 'No Kuvert user has this address',
          },
        ],
      });
    }
    signers.push({ email: signer.email, ...found, identity });
  }
  return signers;
}

/**
 * Delivers a provider's signature request (the Sender API and the demo): the letter arrives
 * as any other (`deliverLetter`), and a copy of it in every other signer's own mailbox; the
 * request and its signers commit with the letters.
 */
export async function deliverSignatureRequest(
  app: FastifyInstance,
  provider: { id: string; name: string },
  metadata: ParsedLetterMetadata,
  documents: StoredLetterDocument[],
  options: Omit<DeliveryOptions, 'signatureRequest'> = {},
): Promise<DeliveryResult> {
  return deliverLetter(app, provider, metadata, documents, {
    ...options,
    signatureRequest: async (recipient, now) => {
      const signature = metadata.kind === 'signature_request' ? metadata.signature : undefined;
      // deliverLetter refused a signature request without details before it asks.
      if (!signature)
        throw invalid('metadata.signature', 'A signature request needs signature details');
      const signers = await resolveSigners(app, signature, recipient, documents);
      const requestId = newId(now.getTime());
      return {
        requestId,
        moreAccountIds: signers
          .filter((signer) => signer.accountId !== recipient.accountId)
          .map((signer) => signer.accountId),
        write: (trx, letterId, copies) =>
          insertSignatureRequestRows(app, trx, {
            requestId,
            letterId,
            providerId: provider.id,
            dueDate: signature.due_date,
            signers: signers.map((signer) => ({
              ...signer,
              letterId: copies.find((copy) => copy.accountId === signer.accountId)?.id ?? letterId,
            })),
            nowIso: now.toISOString(),
          }),
      };
    },
  });
}

/** The request and one row per signer, in the delivery's transaction. */
async function insertSignatureRequestRows(
  app: Pick<FastifyInstance, 'clock'>,
  trx: Kysely<Database>,
  input: {
    requestId: string;
    letterId: string;
    providerId: string;
    dueDate: string;
    signers: Array<
      ResolvedSigner & { letterId: string; identity: SignerIdentityRequirement | null }
    >;
    nowIso: string;
  },
): Promise<void> {
  const now = app.clock.now().getTime();
  await insertSignatureRequest(
    trx,
    {
      id: input.requestId,
      letter_id: input.letterId,
      provider_id: input.providerId,
      status: 'pending',
      due_date: input.dueDate,
      completed_at: null,
      declined_at: null,
      expired_at: null,
      cancelled_at: null,
      seal_status: null,
      seal_failure: null,
      sealed_at: null,
      sealed_storage_key: null,
      sealed_sha256: null,
      sealed_signed_sha256: null,
      sealed_size: null,
      created_at: input.nowIso,
      updated_at: input.nowIso,
    },
    input.signers.map((signer, position) => ({
      id: newId(now),
      request_id: input.requestId,
      position,
      email: signer.email,
      user_id: signer.userId,
      letter_id: signer.letterId,
      status: 'pending' as const,
      method: null,
      typed_name: null,
      strokes: null,
      signer_name: null,
      signed_at: null,
      declined_at: null,
      declined_reason: null,
      ip_address: null,
      user_agent: null,
      identified_by: null,
      identity_requirement: signer.identity,
      identity_issuer: null,
      identity_acr: null,
      identity_name: null,
      created_at: input.nowIso,
    })),
  );
}
