import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { senderLetterStatusSchema, type SenderLetterStatus } from '@kuvert/shared/sender-api';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import { cancelProviderInvoice } from '../invoices/invoice-actions.service.ts';
import { publishInvoicesChanged } from '../invoices/invoices.service.ts';
import type { ProviderRow } from '../providers/providers.service.ts';
import { getSenderLetterStatus } from './sender-api.service.ts';
import {
  findIdempotencyRecord,
  insertIdempotencyRecord,
  type IdempotencyRow,
} from './sender-api.repository.ts';

function fingerprintOf(letterId: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ action: 'cancel-invoice', letter_id: letterId }))
    .digest('hex');
}

function replay(record: IdempotencyRow, fingerprint: string): SenderLetterStatus {
  if (record.fingerprint !== fingerprint) {
    throw new AppError('CONFLICT', {
      message: 'This Idempotency-Key was used for a different request.',
    });
  }
  return senderLetterStatusSchema.parse(JSON.parse(record.response_body));
}

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
  const fingerprint = fingerprintOf(letterId);
  if (idempotencyKey) {
    const existing = await findIdempotencyRecord(app.db, provider.id, idempotencyKey);
    if (existing) return replay(existing, fingerprint);
  }
  try {
    const outcome = await app.db.transaction().execute(async (trx) => {
      const cancelled = await cancelProviderInvoice(app, trx, provider.id, letterId);
      const status = await getSenderLetterStatus(app, provider.id, letterId, trx);
      if (idempotencyKey) {
        await insertIdempotencyRecord(trx, {
          provider_id: provider.id,
          key: idempotencyKey,
          fingerprint,
          status: 'completed',
          response_status: 200,
          response_body: JSON.stringify(status),
          created_at: app.clock.now().toISOString(),
        });
      }
      return { ...cancelled, status };
    });
    if (outcome.isChanged) await publishInvoicesChanged(app, outcome.accountId);
    return outcome.status;
  } catch (error) {
    if (!idempotencyKey || !isUniqueViolation(error)) throw error;
    const winner = await findIdempotencyRecord(app.db, provider.id, idempotencyKey);
    if (!winner) throw error;
    return replay(winner, fingerprint);
  }
}
