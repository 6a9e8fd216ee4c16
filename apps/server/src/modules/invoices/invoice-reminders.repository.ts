import { sql, type Kysely } from 'kysely';
import { unpaidInvoiceStatuses } from '@kuvert/shared/invoices';
import type { Database } from '../../db/schema.ts';

/** The two reminders, each sent once per invoice and marked by its own column. */
export type ReminderKind = 'due_soon' | 'overdue';

const sentColumn = {
  due_soon: 'invoice_reminder_sent_at',
  overdue: 'invoice_overdue_notice_sent_at',
} as const;

const unpaid = unpaidInvoiceStatuses.map((status) => sql.lit(status));

export interface ReminderCandidate {
  id: string;
  account_id: string;
  subject: string;
  invoice_amount: number | null;
  invoice_currency: string | null;
  invoice_due_date: string | null;
  provider_name: string;
}

/**
 * Unpaid invoices in the bin, due between `from` and `to` (inclusive), not yet reminded of
 * this kind, earliest first. The predicate matches letters_invoice_reminders_idx.
 */
export async function findReminderCandidates(
  db: Kysely<Database>,
  kind: ReminderKind,
  window: { from: string; to: string; limit: number },
): Promise<ReminderCandidate[]> {
  return db
    .selectFrom('letters as l')
    .innerJoin('providers as p', 'p.id', 'l.provider_id')
    .select([
      'l.id',
      'l.account_id',
      'l.subject',
      'l.invoice_amount',
      'l.invoice_currency',
      'l.invoice_due_date',
      'p.name as provider_name',
    ])
    .where('l.kind', '=', sql.lit('invoice'))
    .where('l.invoice_status', 'in', unpaid)
    .where('l.invoice_due_date', '>=', window.from)
    .where('l.invoice_due_date', '<=', window.to)
    .where('l.trashed_at', 'is', null)
    .where(`l.${sentColumn[kind]}`, 'is', null)
    .orderBy('l.invoice_due_date')
    .orderBy('l.id')
    .limit(window.limit)
    .execute();
}

/**
 * Marks the reminder as sent before it is sent: only the instance whose update changed the
 * row sends it, so two instances running the job at once never both do. The invoice must
 * still be unpaid and out of the bin at that moment.
 */
export async function claimReminder(
  db: Kysely<Database>,
  kind: ReminderKind,
  letterId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('letters')
    .set({ [sentColumn[kind]]: now })
    .where('id', '=', letterId)
    .where(sentColumn[kind], 'is', null)
    .where('kind', '=', sql.lit('invoice'))
    .where('invoice_status', 'in', unpaid)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claim back when no mail could be sent, so that a later run tries again. */
export async function releaseReminder(
  db: Kysely<Database>,
  kind: ReminderKind,
  letterId: string,
  claimedAt: string,
): Promise<void> {
  await db
    .updateTable('letters')
    .set({ [sentColumn[kind]]: null })
    .where('id', '=', letterId)
    .where(sentColumn[kind], '=', claimedAt)
    .execute();
}
