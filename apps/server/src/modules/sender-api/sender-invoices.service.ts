import type { FastifyInstance } from 'fastify';
import { senderLetterStatusSchema, type SenderLetterStatus } from '@kuvert/shared/sender-api';
import { cancelProviderInvoice } from '../invoices/invoice-actions.service.ts';
import { publishInvoicesChanged } from '../invoices/invoices.service.ts';
import type { ProviderRow } from '../providers/providers.service.ts';
import { fingerprintOf, runIdempotently } from './idempotency.ts';
import { getSenderLetterStatus } from './sender-api.service.ts';

/**
 * POST /letters/{id}/cancel-invoice. Cancelling is idempotent by itself (a cancelled invoice
 * stays cancelled); an Idempotency-Key additionally returns the first answer on a retry and
 * refuses the key for any other request, as on POST /letters.
 */
export async function cancelSenderInvoice(
  app: FastifyInstance,
  provider: ProviderRow,
  letterId: string,
  idempotencyKey: string | undefined,
): Promise<SenderLetterStatus> {
  const once = {
    providerId: provider.id,
    key: idempotencyKey,
    fingerprint: fingerprintOf({ action: 'cancel-invoice', letter_id: letterId }),
    responseStatus: 200,
    responseSchema: senderLetterStatusSchema,
  };
  return runIdempotently(app, once, async (remember) => {
    const outcome = await app.db.transaction().execute(async (trx) => {
      const cancelled = await cancelProviderInvoice(app, trx, provider.id, letterId);
      const status = await getSenderLetterStatus(app, provider.id, letterId, trx);
      await remember(trx, status);
      return { ...cancelled, status };
    });
    if (outcome.isChanged) await publishInvoicesChanged(app, outcome.accountId);
    return outcome.status;
  });
}
