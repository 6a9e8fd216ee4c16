import type { Kysely, Selectable, Updateable } from 'kysely';
import type { InvoiceListStatus, StoredInvoiceStatus } from '@kuvert/shared/invoices';
import type { Database, LettersTable } from '../../db/schema.ts';

/*
 * Invoices are letters rows (kind `invoice`), so their SQL is the letters area's: it answers
 * this port (letters/invoice-letters.service.ts), which app.ts installs as `app.invoiceLetters`.
 * A port and not an import, because letters shows invoice status (invoice-status.ts) and so
 * builds on invoices. The provider's and the payer's columns come from their own areas
 * (invoice-parties.ts); payments from `app.invoicePayments`.
 */

type LetterColumns = Selectable<LettersTable>;

/** An inbound invoice as the invoice views read it, with the caller's role in its account. */
export type InvoiceLetterRow = Pick<
  LetterColumns,
  | 'id'
  | 'account_id'
  | 'subject'
  | 'external_id'
  | 'created_at'
  | 'trashed_at'
  | 'invoice_amount'
  | 'invoice_currency'
  | 'invoice_due_date'
  | 'invoice_iban'
  | 'invoice_bic'
  | 'invoice_reference'
  | 'invoice_status'
  | 'invoice_paid_at'
  | 'invoice_paid_via'
  | 'invoice_paid_by_user_id'
  | 'invoice_cancelled_at'
> & { provider_id: string; role: string };

export type InvoiceUpdate = Pick<
  Updateable<LettersTable>,
  | 'invoice_status'
  | 'invoice_paid_at'
  | 'invoice_paid_via'
  | 'invoice_paid_by_user_id'
  | 'invoice_cancelled_at'
>;

/** What the `invoice.paid` webhook tells of a paid invoice. */
export type PaidInvoiceFacts = Pick<
  LetterColumns,
  'id' | 'provider_id' | 'external_id' | 'invoice_amount' | 'invoice_currency' | 'invoice_reference'
>;

/** The two reminders, each sent once per invoice and marked by its own column. */
export type ReminderKind = 'due_soon' | 'overdue';

export type ReminderLetterRow = Pick<
  LetterColumns,
  'id' | 'account_id' | 'subject' | 'invoice_amount' | 'invoice_currency' | 'invoice_due_date'
> & { provider_id: string };

export interface InvoiceLettersSource {
  /** The caller's invoice (membership in the query); undefined when not theirs or no invoice. */
  findForUser(
    db: Kysely<Database>,
    userId: string,
    letterId: string,
  ): Promise<InvoiceLetterRow | undefined>;
  /** The account's unpaid invoices outside the bin, earliest due first. */
  findUnpaid(
    db: Kysely<Database>,
    userId: string,
    accountId: string,
    providerId?: string,
  ): Promise<InvoiceLetterRow[]>;
  /** The account's most recently paid invoices outside the bin, newest payment first. */
  findPaid(
    db: Kysely<Database>,
    userId: string,
    accountId: string,
    limit: number,
    providerId?: string,
  ): Promise<InvoiceLetterRow[]>;
  /** The providers of the list's invoices (unpaid or paid), each once. */
  findProviderIdsOfList(
    db: Kysely<Database>,
    userId: string,
    accountId: string,
    status: InvoiceListStatus,
  ): Promise<string[]>;
  /**
   * Moves an invoice to a new status only from one of `from` (a compare-and-set); answers
   * whether this call made the change.
   */
  transition(
    db: Kysely<Database>,
    letterId: string,
    from: readonly StoredInvoiceStatus[],
    update: InvoiceUpdate,
  ): Promise<boolean>;
  findPaidFacts(db: Kysely<Database>, letterId: string): Promise<PaidInvoiceFacts>;
  /** The stored status; undefined when there is no such letter. */
  findStatus(db: Kysely<Database>, letterId: string): Promise<string | null | undefined>;
  /** An invoice the provider delivered; another provider's letter is not found. */
  findOfProvider(
    db: Kysely<Database>,
    providerId: string,
    letterId: string,
  ): Promise<Pick<LetterColumns, 'id' | 'account_id' | 'invoice_status'> | undefined>;
  /**
   * Unpaid invoices outside the bin, due between `from` and `to` (inclusive), not yet reminded
   * of this kind, earliest first.
   */
  findReminderCandidates(
    db: Kysely<Database>,
    kind: ReminderKind,
    window: { from: string; to: string; limit: number },
  ): Promise<ReminderLetterRow[]>;
  /** Marks the reminder sent if it was not and the invoice is still unpaid and out of the bin. */
  claimReminder(
    db: Kysely<Database>,
    kind: ReminderKind,
    letterId: string,
    now: string,
  ): Promise<boolean>;
  /** Gives a claim back when no mail could be sent. */
  releaseReminder(
    db: Kysely<Database>,
    kind: ReminderKind,
    letterId: string,
    claimedAt: string,
  ): Promise<void>;
}
