import type { FastifyInstance } from 'fastify';
import { senderLetterStatusSchema, type SenderLetterStatus } from '@kuvert/shared/sender-api';
import type { ProviderRow } from '../providers/providers.service.ts';
import { cancelProviderSignatureRequest } from '../signatures/signature-provider.service.ts';
import { publishSignaturesChanged } from '../signatures/signatures.service.ts';
import { fingerprintOf, runIdempotently } from './idempotency.ts';
import { getSenderLetterStatus } from './sender-api.service.ts';

/**
 * POST /letters/{id}/cancel-signature, once per Idempotency-Key like cancel-invoice: the
 * signers see the request cancelled at once and can no longer sign.
 */
export async function cancelSenderSignature(
  app: FastifyInstance,
  provider: ProviderRow,
  letterId: string,
  idempotencyKey: string | undefined,
): Promise<SenderLetterStatus> {
  const once = {
    providerId: provider.id,
    key: idempotencyKey,
    fingerprint: fingerprintOf({ action: 'cancel-signature', letter_id: letterId }),
    responseStatus: 200,
    responseSchema: senderLetterStatusSchema,
  };
  return runIdempotently(app, once, async (remember) => {
    const outcome = await app.db.transaction().execute(async (trx) => {
      const cancelled = await cancelProviderSignatureRequest(app, trx, provider.id, letterId);
      const status = await getSenderLetterStatus(app, provider.id, letterId, trx);
      await remember(trx, status);
      return { ...cancelled, status };
    });
    if (outcome.isChanged) await publishSignaturesChanged(app, outcome.requestId);
    return outcome.status;
  });
}
