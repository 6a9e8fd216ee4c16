import { sql, type Kysely } from 'kysely';
import {
  unpaidInvoiceStatuses,
  type InvoiceListStatus,
  type StoredInvoiceStatus,
} from '@kuvert/shared/invoices';
import type { Database } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';
import type {
  InvoiceLetterRow,
  InvoiceUpdate,
  PaidInvoiceFacts,
  ReminderKind,
  ReminderLetterRow,
} from '../invoices/invoice-letters.ts';

/*
 * The SQL of invoices, which are letters rows (kind `invoice`); the invoices area reaches it
 * through its port (invoices/invoice-letters.ts). Provider and payer columns are not joined:
 * the invoices area asks their owners for them.
 */

const unpaid = unpaidInvoiceStatuses.map((status) => sql.lit(status));

/**
 * Invoices (letters of kind `invoice`) with the caller's role, only in accounts the caller
 * belongs to: the membership check is the authorization. Every invoice has its provider.
 */
function selectInvoicesForUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('letters as l')
    .select([
      'l.id',
      'l.account_id',
      'l.subject',
      'l.external_id',
      'l.created_at',
      'l.trashed_at',
      'l.invoice_amount',
      'l.invoice_currency',
      'l.invoice_due_date',
      'l.invoice_iban',
      'l.invoice_bic',
      'l.invoice_reference',
      'l.invoice_status',
      'l.invoice_paid_at',
      'l.invoice_paid_via',
      'l.invoice_paid_by_user_id',
      'l.invoice_cancelled_at',
      'l.provider_id',
      callerRole(userId, 'l.account_id').as('role'),
    ])
    .where(callerIsMember(userId, 'l.account_id'))
    .where('l.kind', '=', sql.lit('invoice'))
    .where('l.direction', '=', sql.lit('inbound'))
    .where('l.provider_id', 'is not', null);
}

/** Narrows the provider to what the query's `is not null` already ensures. */
function withProvider<Row extends { provider_id: string | null }>(
  rows: Row[],
): Array<Row & { provider_id: string }> {
  return rows.flatMap((row) => {
    const { provider_id } = row;
    return provider_id === null ? [] : [{ ...row, provider_id }];
  });
}

export async function findInvoiceLetterForUser(
  db: Kysely<Database>,
  userId: string,
  letterId: string,
): Promise<InvoiceLetterRow | undefined> {
  const row = await selectInvoicesForUser(db, userId)
    .where('l.id', '=', letterId)
    .executeTakeFirst();
  return row === undefined ? undefined : withProvider([row])[0];
}

/**
 * The account's invoices of one list (unpaid or paid), outside the bin. Each predicate matches
 * its partial index: `letters_unpaid_invoices_idx`, `letters_paid_invoices_idx`.
 */
function selectListedInvoices(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  status: InvoiceListStatus,
) {
  const query = selectInvoicesForUser(db, userId)
    .where('l.account_id', '=', accountId)
    .where('l.trashed_at', 'is', null);
  if (status === 'paid') return query.where('l.invoice_status', '=', sql.lit('paid'));
  return query.where('l.invoice_status', 'in', unpaid);
}

/** The account's unpaid invoices, earliest due first. */
export async function findUnpaidInvoiceLetters(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  providerId?: string,
): Promise<InvoiceLetterRow[]> {
  let query = selectListedInvoices(db, userId, accountId, 'unpaid');
  if (providerId) query = query.where('l.provider_id', '=', providerId);
  return withProvider(await query.orderBy('l.invoice_due_date').orderBy('l.id').execute());
}

/** The account's most recently paid invoices, newest payment first, at most `limit`. */
export async function findPaidInvoiceLetters(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  limit: number,
  providerId?: string,
): Promise<InvoiceLetterRow[]> {
  let query = selectListedInvoices(db, userId, accountId, 'paid');
  if (providerId) query = query.where('l.provider_id', '=', providerId);
  return withProvider(
    await query.orderBy('l.invoice_paid_at', 'desc').orderBy('l.id', 'desc').limit(limit).execute(),
  );
}

/** The providers with invoices of the list (unpaid or paid) in the account: its filter. */
export async function findProviderIdsOfInvoiceList(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  status: InvoiceListStatus,
): Promise<string[]> {
  const rows = await selectListedInvoices(db, userId, accountId, status)
    .clearSelect()
    .select('l.provider_id')
    .distinct()
    .execute();
  return withProvider(rows).map((row) => row.provider_id);
}

/**
 * Moves an invoice to a new status only from one of `from`: the compare-and-set that keeps two
 * instances (or a webhook and a user) from both paying, or cancelling a paid invoice.
 * Answers whether this call made the change.
 */
export async function transitionInvoiceLetter(
  db: Kysely<Database>,
  letterId: string,
  from: readonly StoredInvoiceStatus[],
  update: InvoiceUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('letters')
    .set(update)
    .where('id', '=', letterId)
    .where('kind', '=', 'invoice')
    .where('invoice_status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findPaidInvoiceFacts(
  db: Kysely<Database>,
  letterId: string,
): Promise<PaidInvoiceFacts> {
  return db
    .selectFrom('letters')
    .select([
      'id',
      'provider_id',
      'external_id',
      'invoice_amount',
      'invoice_currency',
      'invoice_reference',
    ])
    .where('id', '=', letterId)
    .executeTakeFirstOrThrow();
}

export async function findInvoiceLetterStatus(
  db: Kysely<Database>,
  letterId: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('letters')
    .select('invoice_status')
    .where('id', '=', letterId)
    .executeTakeFirst();
  return row?.invoice_status;
}

/** An invoice the provider delivered; another provider's letter is simply not found. */
export async function findProviderInvoiceLetter(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
) {
  return db
    .selectFrom('letters')
    .select(['id', 'account_id', 'invoice_status'])
    .where('id', '=', letterId)
    .where('provider_id', '=', providerId)
    .where('direction', '=', sql.lit('inbound'))
    .where('kind', '=', sql.lit('invoice'))
    .executeTakeFirst();
}

const sentColumn = {
  due_soon: 'invoice_reminder_sent_at',
  overdue: 'invoice_overdue_notice_sent_at',
} as const;

/**
 * Unpaid invoices in the bin, due between `from` and `to` (inclusive), not yet reminded of
 * this kind, earliest first. The predicate matches letters_invoice_reminders_idx.
 */
export async function findReminderCandidateLetters(
  db: Kysely<Database>,
  kind: ReminderKind,
  window: { from: string; to: string; limit: number },
): Promise<ReminderLetterRow[]> {
  const rows = await db
    .selectFrom('letters as l')
    .select([
      'l.id',
      'l.account_id',
      'l.subject',
      'l.invoice_amount',
      'l.invoice_currency',
      'l.invoice_due_date',
      'l.provider_id',
    ])
    .where('l.kind', '=', sql.lit('invoice'))
    .where('l.invoice_status', 'in', unpaid)
    .where('l.invoice_due_date', '>=', window.from)
    .where('l.invoice_due_date', '<=', window.to)
    .where('l.trashed_at', 'is', null)
    .where(`l.${sentColumn[kind]}`, 'is', null)
    .where('l.provider_id', 'is not', null)
    .orderBy('l.invoice_due_date')
    .orderBy('l.id')
    .limit(window.limit)
    .execute();
  return withProvider(rows);
}

/**
 * Marks the reminder as sent before it is sent: only the instance whose update changed the
 * row sends it, so two instances running the job at once never both do. The invoice must
 * still be unpaid and out of the bin at that moment.
 */
export async function claimInvoiceReminder(
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
export async function releaseInvoiceReminder(
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
