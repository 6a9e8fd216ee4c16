import type { FastifyInstance } from 'fastify';
import type { DeliveryStatus } from '@kuvert/shared/letters';
import {
  countRecipientDeliveriesOfMerges,
  findRecipientDeliveries,
} from '../letters/letter-recipient-lookups.service.ts';

export interface LetterDelivery {
  status: DeliveryStatus;
  failureReason: string | null;
}

export type DeliveryCounts = Record<DeliveryStatus, number>;

const noDeliveries = (): DeliveryCounts => ({
  queued: 0,
  delivered: 0,
  printed: 0,
  sent: 0,
  failed: 0,
});

/**
 * Where each letter's delivery stands, by letter id (its first recipient: a mail merge writes
 * one per letter). A deleted letter is missing from the map.
 */
export async function findLetterDeliveries(
  app: Pick<FastifyInstance, 'db'>,
  letterIds: readonly string[],
): Promise<Map<string, LetterDelivery>> {
  const rows = await findRecipientDeliveries(app.db, letterIds);
  const deliveries = new Map<string, LetterDelivery>();
  for (const row of rows) {
    if (deliveries.has(row.letter_id)) continue;
    deliveries.set(row.letter_id, { status: row.status, failureReason: row.failure_reason });
  }
  return deliveries;
}

/** Each merge's letters counted by delivery status (every status present, 0 when none). */
export async function countDeliveriesOfMerges(
  app: Pick<FastifyInstance, 'db'>,
  mailMergeIds: readonly string[],
): Promise<Map<string, DeliveryCounts>> {
  const rows = await countRecipientDeliveriesOfMerges(app.db, mailMergeIds);
  const counts = new Map<string, DeliveryCounts>(mailMergeIds.map((id) => [id, noDeliveries()]));
  for (const row of rows) {
    const merge = row.mail_merge_id === null ? undefined : counts.get(row.mail_merge_id);
    if (merge === undefined) continue;
    merge[row.status] += Number(row.count);
  }
  return counts;
}
