import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  PAID_INVOICES_LIMIT,
  unpaidInvoiceStatuses,
  type Invoice,
  type InvoiceListStatus,
  type InvoicePaidVia,
  type OpenInvoiceList,
  type StoredInvoiceStatus,
} from '@kuvert/shared/invoices';
import type { InvoicePaidWebhookData } from '@kuvert/shared/sender-api';
import type { Database } from '../../db/schema.ts';
import { renderEpcQrPng } from '../../lib/epc-qr.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { enqueueWebhook } from '../providers/provider-webhooks.service.ts';
import { findProviderRefsByName } from '../providers/provider-refs.service.ts';
import { withInvoiceParties, type InvoiceRow } from './invoice-parties.ts';
import { isUnpaidStatus, todayOf } from './invoice-status.ts';
import { toEpcQrPayload, toInvoice, toProviderRef, totalsOf } from './invoices.presenter.ts';

export type { InvoiceRow } from './invoice-parties.ts';

/** Where the invoices' rows come from: the letters area, through `app.invoiceLetters`. */
type InvoiceLetters = Pick<FastifyInstance, 'invoiceLetters'>;

/** The caller's invoice, or 404 (not theirs, or not an invoice). */
export async function requireInvoice(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<InvoiceRow> {
  const letter = await app.invoiceLetters.findForUser(app.db, userId, letterId);
  const [invoice] = letter ? await withInvoiceParties(app.db, [letter]) : [];
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
  assertCan(invoice.role, 'pay');
  if (!isUnpaidStatus(invoice.invoice_status)) throw new AppError('INVOICE_NOT_PAYABLE');
  if (invoice.trashed_at !== null) {
    throw new AppError('INVOICE_NOT_PAYABLE', {
      message: 'This invoice is in the trash; restore it first.',
    });
  }
  return invoice;
}

/**
 * A payment started, failed or was abandoned: the invoice shows `payment_pending`, `failed`
 * or `open` again. Never touches a paid or cancelled invoice.
 */
export async function setInvoicePaymentState(
  app: InvoiceLetters,
  db: Kysely<Database>,
  letterId: string,
  state: 'payment_pending' | 'failed' | 'open',
): Promise<boolean> {
  return app.invoiceLetters.transition(db, letterId, unpaidInvoiceStatuses, {
    invoice_status: state,
  });
}

export interface PaidInvoice {
  letterId: string;
  via: InvoicePaidVia;
  userId: string | null;
  paidAt: Date;
  /** The statuses it may be paid from; every unpaid one unless given. */
  from?: readonly StoredInvoiceStatus[];
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
  const changed = await app.invoiceLetters.transition(
    db,
    paid.letterId,
    paid.from ?? unpaidInvoiceStatuses,
    {
      invoice_status: 'paid',
      invoice_paid_at: paid.paidAt.toISOString(),
      invoice_paid_via: paid.via,
      invoice_paid_by_user_id: paid.userId,
    },
  );
  if (!changed) return false;
  const letter = await app.invoiceLetters.findPaidFacts(db, paid.letterId);
  const data: InvoicePaidWebhookData = {
    letter_id: letter.id,
    external_id: letter.external_id,
    amount: Number(letter.invoice_amount),
    currency: letter.invoice_currency ?? '',
    reference: letter.invoice_reference,
    paid_at: paid.paidAt.toISOString(),
    // `elsewhere`: the user says they paid outside Kuvert; check your account before you book it.
    paid_via: paid.via,
  };
  // Invoices always come from a provider; the guard is for the type, not a case.
  if (letter.provider_id !== null) {
    await enqueueWebhook(app, db, { providerId: letter.provider_id, type: 'invoice.paid', data });
  }
  return true;
}

/** After a commit: every open tab of the account refreshes its invoices and counts. */
export async function publishInvoicesChanged(
  app: FastifyInstance,
  accountId: string,
): Promise<void> {
  await publishLiveEvent(app, { type: 'invoices.changed', account_id: accountId });
}

/** The caller's invoice as the portal shows it; 404 when not theirs or not an invoice. */
export async function getInvoice(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<Invoice> {
  const row = await requireInvoice(app, userId, letterId);
  const payments = await app.invoicePayments.find(app.db, [row.id]);
  return toInvoice(row, todayOf(app), payments.get(row.id), userId);
}

/**
 * /open-invoices: the account's unpaid invoices outside the bin, earliest due first, or its
 * most recently paid ones, newest payment first; with totals over what the list shows and
 * every provider its filter can offer.
 */
export async function listInvoices(
  app: FastifyInstance,
  userId: string,
  query: { account_id: string; provider_id?: string | undefined; status: InvoiceListStatus },
): Promise<OpenInvoiceList> {
  await assertAccountAction(app.db, userId, query.account_id, 'read');
  const [letters, providerIds] = await Promise.all([
    query.status === 'paid'
      ? app.invoiceLetters.findPaid(
          app.db,
          userId,
          query.account_id,
          PAID_INVOICES_LIMIT,
          query.provider_id,
        )
      : app.invoiceLetters.findUnpaid(app.db, userId, query.account_id, query.provider_id),
    app.invoiceLetters.findProviderIdsOfList(app.db, userId, query.account_id, query.status),
  ]);
  const rows = await withInvoiceParties(app.db, letters);
  // The filter's providers by name (then id), in the database's order as before.
  const providers = await findProviderRefsByName(app.db, providerIds);
  const payments = await app.invoicePayments.find(
    app.db,
    rows.map((row) => row.id),
  );
  const today = todayOf(app);
  const items = rows.map((row) => toInvoice(row, today, payments.get(row.id), userId));
  return { items, totals: totalsOf(items), providers: providers.map(toProviderRef) };
}

/** The EPC QR code (PNG) of an unpaid euro invoice; 404 when it has none. */
export async function getInvoiceEpcQrPng(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<Buffer> {
  const payload = toEpcQrPayload(await requireInvoice(app, userId, letterId));
  if (payload === undefined) {
    throw new AppError('NOT_FOUND', { message: 'This invoice has no EPC QR code.' });
  }
  return renderEpcQrPng(payload);
}
