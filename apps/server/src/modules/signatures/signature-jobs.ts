import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Language } from '@kuvert/shared/auth';
import { SENDER_MAX_DOCUMENT_BYTES, SENDER_MAX_DOCUMENTS } from '@kuvert/shared/sender-api';
import type { Database } from '../../db/schema.ts';
import { PermanentJobError } from '../../plugins/jobs.ts';
import { todayOf } from '../invoices/invoice-status.ts';
import { addSealedDocument } from '../letters/letter-documents.service.ts';
import { findOriginalDocuments, findSignatureCopies } from '../letters/signature-copies.service.ts';
import { collectUnreferencedDocuments } from '../../documents/document-collection.ts';
import { findProviderRefs } from '../providers/provider-refs.service.ts';
import { enqueueWebhook } from '../providers/provider-webhooks.service.ts';
import { SIGNATURE_EXPIRY_JOB, SIGNATURE_SEAL_JOB } from './signature-job-types.ts';
import { findUserContacts } from '../users/user-contact.service.ts';
import { userLanguage } from '../users/users.service.ts';
import {
  sealedFilename,
  sealLanguageOf,
  toSealSigner,
  toSignatureWebhookData,
} from './signatures.presenter.ts';
import {
  findRequestById,
  findRequestsPastDue,
  lockRequest,
  updatePendingRequest,
  updateSealingRequest,
} from './signatures.repository.ts';
import { publishSignaturesChanged } from './signatures.service.ts';
import { findSigners } from './signers.ts';

const sealPayloadSchema = z.object({ request_id: z.string() });
/** The sealed PDF carries the originals, drawn signatures and an audit page: room enough. */
const SEALED_MAX_BYTES = 2 * SENDER_MAX_DOCUMENT_BYTES * SENDER_MAX_DOCUMENTS;
const EXPIRY_BATCH = 100;

function requestIdOf(payload: unknown): string {
  const parsed = sealPayloadSchema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('Malformed job payload');
  return parsed.data.request_id;
}

/** Queues the provider's signature.* webhook for the request as it is in `db`. */
async function enqueueSignatureWebhook(
  app: FastifyInstance,
  db: Kysely<Database>,
  requestId: string,
): Promise<void> {
  const request = await findRequestById(db, requestId);
  if (!request || request.status === 'pending' || request.status === 'cancelled') return;
  const [signers, copies] = await Promise.all([
    findSigners(db, [requestId]),
    findSignatureCopies(db, requestId),
  ]);
  await enqueueWebhook(app, db, {
    providerId: request.provider_id,
    type: `signature.${request.status}`,
    data: toSignatureWebhookData(request, signers, {
      externalId: copies[0]?.external_id ?? null,
      publicUrl: app.config.publicUrl,
    }),
  });
}

/**
 * Seals a completed or declined request once, in the processing pool, with the seal
 * certificate; the sealed PDF is added beside the originals of every copy, the signers see
 * it live, and then the provider is told.
 */
async function sealRequest(app: FastifyInstance, payload: unknown): Promise<void> {
  const requestId = requestIdOf(payload);
  const request = await findRequestById(app.db, requestId);
  if (!request || request.seal_status !== 'sealing') return;
  if (request.status !== 'completed' && request.status !== 'declined') return;
  const copies = await findSignatureCopies(app.db, requestId);
  const source = copies.find((copy) => copy.id === request.letter_id) ?? copies[0];
  if (!source) throw new PermanentJobError('Every copy of the letter was deleted');
  const originals = await findOriginalDocuments(app.db, source.id);
  const documents = await Promise.all(
    originals.map(async (document) => ({
      filename: document.filename,
      bytes: await app.documents.read(document.storage_key),
    })),
  );
  const signers = await findSigners(app.db, [requestId]);
  const contacts = await findUserContacts(
    app.db,
    signers.map((signer) => signer.user_id),
  );
  const languageOfUser = (userId: string): Language => {
    const contact = contacts.get(userId);
    return contact ? userLanguage(contact) : 'en';
  };
  const sealedAt = app.clock.now().toISOString();
  const sealed = await app.processing.sealDocuments({
    documents,
    outcome: request.status,
    request: {
      id: request.id,
      subject: source.subject,
      providerName:
        (await findProviderRefs(app.db, [request.provider_id])).get(request.provider_id)?.name ??
        '',
      createdAt: request.created_at,
      dueDate: request.due_date,
    },
    signers: signers.map(toSealSigner),
    language: sealLanguageOf(signers.map((signer) => languageOfUser(signer.user_id))),
    sealedAt,
    seal: app.seal.key,
  });
  const stored = await app.documents.put(Buffer.from(sealed.bytes), {
    maxBytes: SEALED_MAX_BYTES,
  });
  const isSealed = await app.db.transaction().execute(async (trx) => {
    const isFirst = await updateSealingRequest(trx, requestId, {
      seal_status: 'sealed',
      seal_failure: null,
      sealed_at: sealedAt,
      sealed_storage_key: stored.key,
      sealed_sha256: stored.sha256,
      sealed_signed_sha256: sealed.signedSha256,
      sealed_size: stored.size,
      updated_at: sealedAt,
    });
    if (!isFirst) return false;
    await addSealedDocument(
      trx,
      copies.map((copy) => copy.id),
      {
        // Each copy is its signer's letter: its file is named in their language.
        filenameOf: (letterId) => {
          const signer = signers.find((candidate) => candidate.letter_id === letterId);
          const language = signer ? languageOfUser(signer.user_id) : 'en';
          return sealedFilename(source.subject, request.status, language);
        },
        key: stored.key,
        size: stored.size,
        pageCount: sealed.pageCount,
        nowIso: sealedAt,
      },
    );
    await enqueueSignatureWebhook(app, trx, requestId);
    return true;
  });
  if (!isSealed) {
    await collectUnreferencedDocuments(app, [stored.key]);
    return;
  }
  await publishSignaturesChanged(app, requestId);
}

/** After the last attempt: `seal_status: failed`, shown to the signers. */
async function recordSealFailure(
  app: FastifyInstance,
  payload: unknown,
  reason: string,
): Promise<void> {
  const requestId = requestIdOf(payload);
  const isFailed = await updateSealingRequest(app.db, requestId, {
    seal_status: 'failed',
    seal_failure: reason.slice(0, 1000),
    updated_at: app.clock.now().toISOString(),
  });
  if (isFailed) await publishSignaturesChanged(app, requestId);
}

/**
 * Pending requests whose due date has passed become `expired`: the provider hears of it
 * (signature.expired) and the signers see it live. Each under the request's lock, so a
 * signature racing the expiry either lands before it or is refused.
 */
export async function expireSignatureRequests(app: FastifyInstance): Promise<number> {
  const today = todayOf(app);
  let expired = 0;
  for (;;) {
    const ids = await findRequestsPastDue(app.db, today, EXPIRY_BATCH);
    if (ids.length === 0) return expired;
    for (const id of ids) {
      const isExpired = await app.db.transaction().execute(async (trx) => {
        const request = await lockRequest(trx, app.engine, id);
        if (!request || request.status !== 'pending' || request.due_date >= today) return false;
        const nowIso = app.clock.now().toISOString();
        await updatePendingRequest(trx, id, {
          status: 'expired',
          expired_at: nowIso,
          updated_at: nowIso,
        });
        await enqueueSignatureWebhook(app, trx, id);
        return true;
      });
      if (!isExpired) continue;
      expired += 1;
      await publishSignaturesChanged(app, id);
    }
  }
}

/** Queues the next full hour's run unless queued already, as an instance's start does. */
export function scheduleSignatureExpiry(app: FastifyInstance): Promise<void> {
  return app.jobs.schedulePeriodic(SIGNATURE_EXPIRY_JOB);
}

export function registerSignatureJobs(app: FastifyInstance): void {
  app.jobs.register(SIGNATURE_SEAL_JOB, (payload) => sealRequest(app, payload), {
    onGiveUp: (payload, reason) => recordSealFailure(app, payload, reason),
  });
  // At every full hour, once for the whole cluster: a request expires within an hour of its
  // last day.
  app.jobs.every({
    type: SIGNATURE_EXPIRY_JOB,
    period: 'hour',
    firstRun: 'next-period',
    run: async () => {
      const expired = await expireSignatureRequests(app);
      if (expired > 0) app.log.info({ expired }, 'signature requests expired');
    },
  });
}
