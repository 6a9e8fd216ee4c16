import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VERIFY_MAX_BYTES, type VerifyDocumentResult } from '@kuvert/shared/signatures';
import { AppError } from '../../plugins/app-error.ts';
import { requestOrigin } from '../../plugins/audit.ts';
import { readOneFileIntoMemory } from '../../plugins/multipart-reader.ts';
import {
  ProcessingError,
  type InspectedSignature,
  type SignatureInspection,
} from '../../plugins/processing/document-processing.ts';
import { addressKey, reserveRateLimitHits } from '../../plugins/rate-limit.ts';
import { sniffContentType } from '../../plugins/uploads.ts';
import { isKuvertSealCertificate } from './seal-certificate.ts';
import {
  outcomeOf,
  presentSignature,
  stateOf,
  type SealedRequest,
} from './verification.presenter.ts';
import {
  findAnySignerLetterSubject,
  findRequestBySealedSha256,
  listRequestSigners,
} from '../signatures/sealed-requests.service.ts';

/**
 * Verifications per client address and window: each opens a PDF in the processing pool, so
 * an anonymous visitor may not keep the pool busy for everyone else.
 */
export const VERIFY_MAX_PER_ADDRESS = 20;
export const VERIFY_WINDOW_SECONDS = 600;

/** The request a Kuvert seal closed, found by what the seal signed. */
async function findSealedRequest(
  app: FastifyInstance,
  signature: InspectedSignature,
): Promise<SealedRequest | undefined> {
  const request = await findRequestBySealedSha256(app.db, signature);
  if (!request) return undefined;
  const [signers, subject] = await Promise.all([
    listRequestSigners(app.db, request.id),
    request.subject ?? findAnySignerLetterSubject(app.db, request.id),
  ]);
  return { request, signers, subject: subject ?? '' };
}

async function verifySignature(app: FastifyInstance, signature: InspectedSignature) {
  // The certificate alone proves nothing: only a signature made with Kuvert's key counts.
  const isKuvertSeal =
    stateOf(signature) !== 'invalid' &&
    isKuvertSealCertificate(app.seal, signature.certificatePem, signature.chainPems);
  const sealed = isKuvertSeal ? await findSealedRequest(app, signature) : undefined;
  return presentSignature(signature, isKuvertSeal, sealed);
}

const unreadable = () =>
  new AppError('DOCUMENT_UNREADABLE', {
    message: 'This file cannot be read as a PDF, so its signatures cannot be checked.',
  });

/**
 * Opens the PDF in the processing pool only (its verifying lane, never the one deliveries
 * wait in); "no signatures" is said of a PDF, never of a broken file.
 */
async function inspect(app: FastifyInstance, bytes: Buffer): Promise<SignatureInspection> {
  try {
    return await app.processing.inspectSignatures(bytes);
  } catch (error) {
    if (!(error instanceof ProcessingError)) throw error;
    throw unreadable();
  }
}

/**
 * Checks every signature of an uploaded PDF against this Kuvert's seal (DESIGN §8, "Verify a
 * document"). Public and stateless: nothing of the file is kept. The attempt is counted
 * before the body is read (reserve, then verify), so parallel uploads get no more tries.
 */
export async function verifyDocument(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<VerifyDocumentResult> {
  const origin = requestOrigin(request);
  await reserveRateLimitHits(app, [
    {
      key: addressKey('verify_document', origin.ipAddress),
      max: VERIFY_MAX_PER_ADDRESS,
      windowSeconds: VERIFY_WINDOW_SECONDS,
    },
  ]);
  const file = await readOneFileIntoMemory(request, {
    fileField: 'file',
    maxBytes: VERIFY_MAX_BYTES,
  });
  if (sniffContentType(file.bytes) !== 'application/pdf') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'Only PDF documents can be verified.',
      details: [{ filename: file.filename }],
    });
  }
  const inspection = await inspect(app, file.bytes);
  const signatures = [];
  for (const signature of inspection.signatures) {
    signatures.push(await verifySignature(app, signature));
  }
  return {
    filename: file.filename,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    outcome: outcomeOf(signatures),
    signatures,
  };
}
