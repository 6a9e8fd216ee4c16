import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { unpaidInvoiceStatuses, type InvoicePaidVia } from '@kuvert/shared/invoices';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertRole } from '../accounts/account-access.ts';
import { enqueueWebhook } from '../providers/provider-webhooks.service.ts';
import { findInvoiceForUser, transitionInvoice, type InvoiceRow } from './invoices.repository.ts';
import { isUnpaidStatus } from './invoice-status.ts';

export type { InvoiceRow } from './invoices.repository.ts';

/** The caller's invoice, or 404 (not theirs, or not an invoice). */
export async function requireInvoice(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<InvoiceRow> {
  const invoice = await findInvoiceForUser(app.db, userId, letterId);
  if (!invoice) throw new AppError('NOT_FOUND');
  return invoice;
}

/**
 * An invoice the caller may pay now: theirs (404), writable (403: viewers never pay), and still
 * owed (409 INVOICE_NOT_PAYABLE). Whether a payment is already running is the payments' check.
 */
export async function requirePayableInvoice(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<InvoiceRow> {
  const invoice = await requireInvoice(app, userId, letterId);
  assertRole(invoice.role, 'member');
  if (!isUnpaidStatus(invoice.invoice_status) || invoice.trashed_at !== null) {
    throw new AppError('INVOICE_NOT_PAYABLE');
  }
  return invoice;
}

/**
 * A payment started, failed or was abandoned: the invoice shows `payment_pending`, `failed`
 * or `open` again. Never touches a paid or cancelled invoice.
 */
export async function setInvoicePaymentState(
  db: Kysely<Database>,
  letterId: string,
  state: 'payment_pending' | 'failed' | 'open',
): Promise<boolean> {
  return transitionInvoice(db, letterId, unpaidInvoiceStatuses, { invoice_status: state });
}

export interface PaidInvoice {
  letterId: string;
  via: InvoicePaidVia;
  userId: string | null;
  paidAt: Date;
}

/**
 * Marks the invoice paid, once: the first caller wins and queues the provider's
 * `invoice.paid` webhook in the same transaction; later callers get false and do nothing.
 */
export async function recordInvoicePaid(
  app: FastifyInstance,
  db: Kysely<Database>,
  paid: PaidInvoice,
): Promise<boolean> {
  const changed = await transitionInvoice(db, paid.letterId, unpaidInvoiceStatuses, {
    invoice_status: 'paid',
    invoice_paid_at: paid.paidAt.toISOString(),
    invoice_paid_via: paid.via,
    invoice_paid_by_user_id: paid.userId,
  });
  if (!changed) return false;
  const letter = await db
    .selectFrom('letters')
    .select([
      'id',
      'provider_id',
      'external_id',
      'invoice_amount',
      'invoice_currency',
      'invoice_reference',
    ])
    .where('id', '=', paid.letterId)
    .executeTakeFirstOrThrow();
  await enqueueWebhook(app, db, {
    providerId: letter.provider_id,
    type: 'invoice.paid',
    data: {
      letter_id: letter.id,
      external_id: letter.external_id,
      amount: Number(letter.invoice_amount),
      currency: letter.invoice_currency,
      reference: letter.invoice_reference,
      paid_at: paid.paidAt.toISOString(),
      // `elsewhere`: the user says they paid outside Kuvert; check your account before you book it.
      paid_via: paid.via,
    },
  });
  return true;
}

/** After a commit: every open tab of the account refreshes its invoices and counts. */
export async function publishInvoicesChanged(
  app: FastifyInstance,
  accountId: string,
): Promise<void> {
  try {
    await app.events.publish({ type: 'invoices.changed', account_id: accountId });
  } catch (error) {
    app.log.warn({ err: error }, 'live event not published');
  }
}
