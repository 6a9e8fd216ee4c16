import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { SendableDocument } from '../../plugins/send-document.ts';
import {
  findSignatureCopies,
  findSignatureRequestIdOfProviderLetter,
} from '../letters/signature-copies.service.ts';
import {
  findRequestOfProviderLetter,
  lockRequest,
  updatePendingRequest,
  type SignatureRequestRow,
} from './signatures.repository.ts';
import { sealedFilename } from './signatures.presenter.ts';

/**
 * The provider's request by the letter id it got back (which outlives the recipient deleting
 * their copy), or by any copy of it. Another provider's letter is simply not found.
 */
async function findProviderRequest(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
): Promise<SignatureRequestRow | undefined> {
  const copyRequestId = await findSignatureRequestIdOfProviderLetter(db, providerId, letterId);
  return findRequestOfProviderLetter(db, providerId, letterId, copyRequestId);
}

/**
 * The provider withdraws a pending request (POST /letters/{id}/cancel-signature), in the
 * caller's transaction. Cancelling a cancelled request changes nothing; any other closed one
 * is 409 SIGNATURE_CLOSED. 404 for a letter of another provider or without a request.
 */
export async function cancelProviderSignatureRequest(
  app: FastifyInstance,
  trx: Kysely<Database>,
  providerId: string,
  letterId: string,
): Promise<{ requestId: string; isChanged: boolean }> {
  const found = await findProviderRequest(trx, providerId, letterId);
  if (!found) throw new AppError('NOT_FOUND');
  const request = await lockRequest(trx, app.engine, found.id);
  if (request?.status === 'cancelled') return { requestId: found.id, isChanged: false };
  if (request?.status !== 'pending') throw new AppError('SIGNATURE_CLOSED');
  const nowIso = app.clock.now().toISOString();
  await updatePendingRequest(trx, found.id, {
    status: 'cancelled',
    cancelled_at: nowIso,
    updated_at: nowIso,
  });
  return { requestId: found.id, isChanged: true };
}

/**
 * GET /letters/{id}/signed-document: the sealed PDF once sealed; 409 SIGNATURE_PENDING before
 * (sealing included), 409 SIGNATURE_CLOSED when it expired or was cancelled (nothing to seal).
 */
export async function openSealedDocument(
  app: FastifyInstance,
  providerId: string,
  letterId: string,
): Promise<SendableDocument> {
  const request = await findProviderRequest(app.db, providerId, letterId);
  if (!request) throw new AppError('NOT_FOUND');
  if (request.status === 'expired' || request.status === 'cancelled') {
    throw new AppError('SIGNATURE_CLOSED', {
      message: `The signature request was ${request.status}: nothing was signed or sealed.`,
    });
  }
  if (request.seal_status !== 'sealed' || !request.sealed_storage_key) {
    throw new AppError('SIGNATURE_PENDING');
  }
  const [copy] = await findSignatureCopies(app.db, request.id);
  return {
    filename: sealedFilename(copy?.subject ?? '', request.status, 'en'),
    contentType: 'application/pdf',
    size: Number(request.sealed_size ?? 0),
    etag: `"${request.sealed_storage_key}"`,
    range: undefined,
    stream: await app.documents.open(request.sealed_storage_key),
  };
}
