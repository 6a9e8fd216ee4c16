import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Invoice, MarkInvoicePaidRequest, StoredInvoiceStatus } from '@kuvert/shared/invoices';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import { todayOf } from './invoice-status.ts';
import {
  getInvoice,
  publishInvoicesChanged,
  recordInvoicePaid,
  requirePayableInvoice,
} from './invoices.service.ts';

/**
 * What the user or provider may still change by hand: an invoice that is owed and has no
 * payment at the bank. `payment_pending` is left out on purpose: the bank decides that one.
 */
const SETTLEABLE: readonly StoredInvoiceStatus[] = ['open', 'failed'];

type Blocker = 'payment_pending' | 'cancelled' | 'paid';

type InvoiceSources = Pick<FastifyInstance, 'invoiceLetters' | 'invoicePayments'>;

/**
 * Whether a payment of the invoice is still waiting for the bank (at most one can be): the
 * payments area's running payment, read in the caller's transaction.
 */
async function hasPendingPayment(
  app: InvoiceSources,
  db: Kysely<Database>,
  letterId: string,
): Promise<boolean> {
  const payments = await app.invoicePayments.find(db, [letterId]);
  return (payments.get(letterId)?.active ?? null) !== null;
}

/** Why an invoice cannot be settled by hand any more (read after a compare-and-set lost). */
async function findBlocker(
  app: InvoiceSources,
  db: Kysely<Database>,
  letterId: string,
): Promise<Blocker> {
  const status = await app.invoiceLetters.findStatus(db, letterId);
  if (status === 'payment_pending' || (await hasPendingPayment(app, db, letterId))) {
    return 'payment_pending';
  }
  return status === 'cancelled' ? 'cancelled' : 'paid';
}

function refusal(blocker: Blocker, action: 'marked paid' | 'cancelled'): AppError {
  switch (blocker) {
    case 'payment_pending':
      return new AppError('PAYMENT_IN_PROGRESS', {
        message: `A payment of this invoice is waiting for the bank; it cannot be ${action} now.`,
      });
    case 'cancelled':
      return new AppError('INVOICE_NOT_PAYABLE', { message: 'This invoice was cancelled.' });
    case 'paid':
      return new AppError('INVOICE_NOT_PAYABLE', { message: 'This invoice is paid already.' });
  }
}

/** The moment the user says they paid: now when that is today, else midday (UTC) of the day. */
function paidAtOf(paidOn: string, today: string, now: Date): Date {
  return paidOn === today ? now : new Date(`${paidOn}T12:00:00.000Z`);
}

/**
 * The user paid outside Kuvert (a transfer from their banking app, cash at the counter). The
 * invoice is paid from then on, the provider hears it by `invoice.paid` with paid_via
 * `elsewhere`, and the user's security log records who said so.
 */
export async function markInvoicePaid(
  app: FastifyInstance,
  userId: string,
  letterId: string,
  request: MarkInvoicePaidRequest,
  origin: RequestOrigin,
): Promise<Invoice> {
  const invoice = await requirePayableInvoice(app, userId, letterId);
  const today = todayOf(app);
  const paidOn = request.paid_on ?? today;
  if (paidOn > today) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'body.paid_on', message: 'The day of payment cannot be in the future' }],
    });
  }
  const paidAt = paidAtOf(paidOn, today, app.clock.now());
  await app.db.transaction().execute(async (trx) => {
    if (await hasPendingPayment(app, trx, letterId)) {
      throw refusal('payment_pending', 'marked paid');
    }
    const paid = await recordInvoicePaid(app, trx, {
      letterId,
      via: 'elsewhere',
      userId,
      paidAt,
      from: SETTLEABLE,
    });
    if (!paid) throw refusal(await findBlocker(app, trx, letterId), 'marked paid');
    await recordAuditEvent(app, trx, { userId, type: 'invoice_marked_paid', origin });
  });
  await publishInvoicesChanged(app, invoice.account_id);
  return getInvoice(app, userId, letterId);
}

/**
 * The provider withdraws an invoice it delivered (a credit note, a mistake). Cancelling a
 * cancelled invoice changes nothing and is no error, so a retry is harmless; a paid invoice
 * or one with a payment at the bank is refused. Runs in the caller's transaction.
 */
export async function cancelProviderInvoice(
  app: Pick<FastifyInstance, 'clock'> & InvoiceSources,
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
): Promise<{ accountId: string; isChanged: boolean }> {
  const invoice = await app.invoiceLetters.findOfProvider(db, providerId, letterId);
  if (!invoice) throw new AppError('NOT_FOUND');
  const result = { accountId: invoice.account_id, isChanged: false };
  if (invoice.invoice_status === 'cancelled') return result;
  if (await hasPendingPayment(app, db, letterId)) throw refusal('payment_pending', 'cancelled');
  const isChanged = await app.invoiceLetters.transition(db, letterId, SETTLEABLE, {
    invoice_status: 'cancelled',
    invoice_cancelled_at: app.clock.now().toISOString(),
  });
  if (isChanged) return { ...result, isChanged };
  const blocker = await findBlocker(app, db, letterId);
  if (blocker === 'cancelled') return result;
  throw refusal(blocker, 'cancelled');
}
