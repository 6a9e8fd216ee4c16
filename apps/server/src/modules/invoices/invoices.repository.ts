import { sql, type Kysely, type Updateable } from 'kysely';
import {
  unpaidInvoiceStatuses,
  type InvoiceListStatus,
  type StoredInvoiceStatus,
} from '@kuvert/shared/invoices';
import type { Database, LettersTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../../db/scopes.ts';

/**
 * Invoices (letters of kind `invoice`) with provider and the caller's role, only in accounts
 * the caller belongs to: the membership check is the authorization.
 */
export function selectInvoicesForUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('letters as l')
    .innerJoin('providers as p', 'p.id', 'l.provider_id')
    .leftJoin('users as payer', 'payer.id', 'l.invoice_paid_by_user_id')
    .select([
      'l.id',
      'l.account_id',
      'p.id as provider_id',
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
      'payer.first_name as payer_first_name',
      'payer.last_name as payer_last_name',
      'payer.email as payer_email',
      'l.invoice_cancelled_at',
      'p.name as provider_name',
      'p.logo_key as provider_logo_key',
      'p.verified_at as provider_verified_at',
      callerRole(userId, 'l.account_id').as('role'),
    ])
    .where(callerIsMember(userId, 'l.account_id'))
    .where('l.kind', '=', sql.lit('invoice'))
    .where('l.direction', '=', sql.lit('inbound'));
}

export type InvoiceRow = Awaited<
  ReturnType<ReturnType<typeof selectInvoicesForUser>['executeTakeFirstOrThrow']>
>;

export async function findInvoiceForUser(
  db: Kysely<Database>,
  userId: string,
  letterId: string,
): Promise<InvoiceRow | undefined> {
  return selectInvoicesForUser(db, userId).where('l.id', '=', letterId).executeTakeFirst();
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
  return query.where(
    'l.invoice_status',
    'in',
    unpaidInvoiceStatuses.map((value) => sql.lit(value)),
  );
}

/** The account's unpaid invoices, earliest due first. */
export async function findUnpaidInvoices(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  providerId?: string,
): Promise<InvoiceRow[]> {
  let query = selectListedInvoices(db, userId, accountId, 'unpaid');
  if (providerId) query = query.where('l.provider_id', '=', providerId);
  return query.orderBy('l.invoice_due_date').orderBy('l.id').execute();
}

/** The account's most recently paid invoices, newest payment first, at most `limit`. */
export async function findPaidInvoices(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  limit: number,
  providerId?: string,
): Promise<InvoiceRow[]> {
  let query = selectListedInvoices(db, userId, accountId, 'paid');
  if (providerId) query = query.where('l.provider_id', '=', providerId);
  return query.orderBy('l.invoice_paid_at', 'desc').orderBy('l.id', 'desc').limit(limit).execute();
}

export type InvoiceUpdate = Pick<
  Updateable<LettersTable>,
  | 'invoice_status'
  | 'invoice_paid_at'
  | 'invoice_paid_via'
  | 'invoice_paid_by_user_id'
  | 'invoice_cancelled_at'
>;

/**
 * Moves an invoice to a new status only from one of `from`: the compare-and-set that keeps two
 * instances (or a webhook and a user) from both paying, or cancelling a paid invoice.
 * Answers whether this call made the change.
 */
export async function transitionInvoice(
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

/** Providers with invoices of the list (unpaid or paid) in the account, by name: its filter. */
export async function findProvidersWithInvoices(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  status: InvoiceListStatus,
) {
  return selectListedInvoices(db, userId, accountId, status)
    .clearSelect()
    .select(['p.id', 'p.name', 'p.logo_key', 'p.verified_at'])
    .distinct()
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
}

/** Whether a payment of the invoice is still waiting for the bank (at most one can be). */
export async function hasPendingPayment(db: Kysely<Database>, letterId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('letter_id', '=', letterId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

/** An invoice the provider delivered; another provider's letter is simply not found. */
export async function findProviderInvoice(
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
