import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { senderLetterStatusSchema, type SenderLetterStatus } from '@kuvert/shared/sender-api';
import type { Database } from '../../db/schema.ts';
import { cancelProviderInvoice } from '../invoices/invoice-actions.service.ts';
import { publishInvoicesChanged } from '../invoices/invoices.service.ts';
import type { ProviderRow } from '../providers/providers.service.ts';
import { cancelProviderSignatureRequest } from '../signatures/signature-provider.service.ts';
import { publishSignaturesChanged } from '../signatures/signatures.service.ts';
import { fingerprintOf, runIdempotently } from './idempotency.ts';
import { getSenderLetterStatus } from './sender-api.service.ts';

interface Cancellation<Changed extends { isChanged: boolean }> {
  /** Names the action in the Idempotency-Key fingerprint. */
  action: string;
  cancel: (trx: Kysely<Database>) => Promise<Changed>;
  /** After the commit, when something changed: who must hear of it. */
  publish: (changed: Changed) => Promise<void>;
}

/**
 * Cancelling is idempotent by itself (what is cancelled stays cancelled); an Idempotency-Key
 * additionally returns the first answer on a retry and refuses the key for any other request,
 * as on POST /letters. The letter's status is the answer.
 */
async function cancelOnce<Changed extends { isChanged: boolean }>(
  app: FastifyInstance,
  provider: ProviderRow,
  letterId: string,
  idempotencyKey: string | undefined,
  cancellation: Cancellation<Changed>,
): Promise<SenderLetterStatus> {
  const once = {
    providerId: provider.id,
    key: idempotencyKey,
    fingerprint: fingerprintOf({ action: cancellation.action, letter_id: letterId }),
    responseStatus: 200,
    responseSchema: senderLetterStatusSchema,
  };
  return runIdempotently(app, once, async (remember) => {
    const outcome = await app.db.transaction().execute(async (trx) => {
      const changed = await cancellation.cancel(trx);
      const status = await getSenderLetterStatus(app, provider.id, letterId, trx);
      await remember(trx, status);
      return { changed, status };
    });
    if (outcome.changed.isChanged) await cancellation.publish(outcome.changed);
    return outcome.status;
  });
}

/** POST /letters/{id}/cancel-invoice: the user no longer sees the invoice as owed. */
export function cancelSenderInvoice(
  app: FastifyInstance,
  provider: ProviderRow,
  letterId: string,
  idempotencyKey: string | undefined,
): Promise<SenderLetterStatus> {
  return cancelOnce(app, provider, letterId, idempotencyKey, {
    action: 'cancel-invoice',
    cancel: (trx) => cancelProviderInvoice(app, trx, provider.id, letterId),
    publish: (changed) => publishInvoicesChanged(app, changed.accountId),
  });
}

/** POST /letters/{id}/cancel-signature: the signers see it cancelled at once and can no longer sign. */
export function cancelSenderSignature(
  app: FastifyInstance,
  provider: ProviderRow,
  letterId: string,
  idempotencyKey: string | undefined,
): Promise<SenderLetterStatus> {
  return cancelOnce(app, provider, letterId, idempotencyKey, {
    action: 'cancel-signature',
    cancel: (trx) => cancelProviderSignatureRequest(app, trx, provider.id, letterId),
    publish: (changed) => publishSignaturesChanged(app, changed.requestId),
  });
}
