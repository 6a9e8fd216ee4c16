import type { FastifyInstance } from 'fastify';
import type { DeliveryStatus } from '@kuvert/shared/letters';
import { publishLiveEvent } from '../events/events.service.ts';
import { refreshLetterDeliveryStatus } from '../letters/letter-delivery.service.ts';
import {
  findAccountsOfLetters,
  markRecipientsFailed,
  movePostalRecipient,
} from '../letters/postal-recipients.service.ts';

/** Every sending account of `letterIds` hears that its outbox changed. */
export async function announceLetterChanges(
  app: FastifyInstance,
  letterIds: readonly string[],
): Promise<void> {
  const accounts = await findAccountsOfLetters(app.db, [...new Set(letterIds)]);
  for (const { account_id } of accounts) {
    await publishLiveEvent(app, { type: 'letters.changed', account_id });
  }
}

/**
 * Fails postal recipients that are still `queued` (or in `from`) with a reason people can
 * read; their letters' statuses follow and their accounts hear of it.
 */
export async function failPostalRecipients(
  app: FastifyInstance,
  recipientIds: readonly string[],
  reason: string,
  from: readonly DeliveryStatus[] = ['queued'],
): Promise<string[]> {
  const now = app.clock.now().toISOString();
  const letterIds = await app.db.transaction().execute(async (trx) => {
    const letters = await markRecipientsFailed(trx, recipientIds, reason, now, from);
    await refreshLetterDeliveryStatus(trx, letters);
    return letters;
  });
  await announceLetterChanges(app, letterIds);
  return letterIds;
}

export interface PostalStatusUpdate {
  recipientId: string;
  status: 'printed' | 'sent' | 'failed';
  /** Why, for `failed`: shown to the sender as written. */
  reason?: string;
}

/** What a status may move on from: a status never goes back. */
const PREDECESSORS: Record<PostalStatusUpdate['status'], DeliveryStatus[]> = {
  printed: ['queued'],
  sent: ['queued', 'printed'],
  failed: ['queued', 'printed'],
};

/**
 * A postal channel's answers (the operator's CLI, or a print-and-mail service's callback):
 * each recipient moves on, its letter's status follows, its account hears of it at once.
 */
export async function applyPostalStatus(
  app: FastifyInstance,
  updates: readonly PostalStatusUpdate[],
): Promise<number> {
  const now = app.clock.now().toISOString();
  const { moved, letterIds } = await app.db.transaction().execute(async (trx) => {
    const letters = new Set<string>();
    let count = 0;
    for (const update of updates) {
      const row = await movePostalRecipient(trx, update, PREDECESSORS[update.status], now);
      if (!row) continue;
      count += 1;
      letters.add(row.letter_id);
    }
    await refreshLetterDeliveryStatus(trx, [...letters]);
    return { moved: count, letterIds: [...letters] };
  });
  await announceLetterChanges(app, letterIds);
  return moved;
}
