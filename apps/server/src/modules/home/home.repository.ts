import { sql, type Kysely } from 'kysely';
import { unpaidInvoiceStatuses } from '@kuvert/shared/invoices';
import type { Database } from '../../db/schema.ts';
import { isUnread } from '../../db/scopes.ts';
import { callerIsMember } from '../accounts/account-scopes.ts';

/** Counts for the home page; every query carries the membership check and the account. */

function accountLetters(db: Kysely<Database>, userId: string, accountId: string) {
  return db
    .selectFrom('letters as l')
    .where('l.account_id', '=', accountId)
    .where('l.trashed_at', 'is', null)
    .where(callerIsMember(userId, 'l.account_id'));
}

export async function countUnread(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<number> {
  const row = await accountLetters(db, userId, accountId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(isUnread('l'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface InvoiceTotalRow {
  currency: string;
  count: number;
  total: number;
  next_due_date: string | null;
}

/**
 * Unpaid invoices (open, payment pending, failed) outside the bin, per currency. The literal
 * predicate is the one of letters_unpaid_invoices_idx, so both engines use that index.
 */
export async function sumOpenInvoices(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<InvoiceTotalRow[]> {
  const rows = await accountLetters(db, userId, accountId)
    .select((eb) => [
      'l.invoice_currency as currency',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('l.invoice_amount').as('total'),
      eb.fn.min<string>('l.invoice_due_date').as('next_due_date'),
    ])
    .where('l.kind', '=', sql.lit('invoice'))
    .where(
      'l.invoice_status',
      'in',
      unpaidInvoiceStatuses.map((status) => sql.lit(status)),
    )
    .groupBy('l.invoice_currency')
    .orderBy('l.invoice_currency')
    .execute();
  return rows.map((row) => ({
    currency: row.currency ?? '',
    count: Number(row.count),
    total: Number(row.total),
    next_due_date: row.next_due_date,
  }));
}
