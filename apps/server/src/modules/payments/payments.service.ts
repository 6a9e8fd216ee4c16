import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Payment } from '@kuvert/shared/payments';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId } from '../../db/ids.ts';
import type { PaymentsTable } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import {
  publishInvoicesChanged,
  requirePayableInvoice,
  setInvoicePaymentState,
  type InvoiceRow,
} from '../invoices/invoices.service.ts';
import { getUserById, userLanguage } from '../users/users.service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { syncPaymentWithProvider } from './payment-settlement.service.ts';
import { toPayment } from './payments.presenter.ts';
import {
  findPaymentByIdempotencyKey,
  findPaymentForUser,
  findPendingPayment,
  insertPayment,
} from './payments.repository.ts';

export interface StartPaymentInput {
  userId: string;
  letterId: string;
  idempotencyKey: string;
  origin: RequestOrigin;
}

/**
 * The same key from the same user answers the payment it created, whatever happened since:
 * a double click or a retried request never starts a second one.
 */
async function findRetriedPayment(
  app: FastifyInstance,
  input: StartPaymentInput,
): Promise<Payment | undefined> {
  const earlier = await findPaymentByIdempotencyKey(app.db, input.userId, input.idempotencyKey);
  if (!earlier) return undefined;
  if (earlier.letter_id !== input.letterId) {
    throw new AppError('CONFLICT', {
      message: 'This Idempotency-Key was used to pay another invoice.',
    });
  }
  // Still in an account of the caller's? They may have left it since.
  const visible = await findPaymentForUser(app.db, input.userId, earlier.id);
  if (!visible) throw new AppError('NOT_FOUND');
  return toPayment(visible);
}

/**
 * One active payment per invoice. A pending one is first checked with the provider, so a
 * payment finished (or abandoned) at the bank does not block; one still running is a 409.
 */
async function requireNoPaymentInProgress(
  app: FastifyInstance,
  provider: PaymentProvider,
  input: StartPaymentInput,
): Promise<InvoiceRow> {
  const invoice = await requirePayableInvoice(app, input.userId, input.letterId);
  const pending = await findPendingPayment(app.db, input.letterId);
  if (!pending) return invoice;
  let hasEnded = false;
  try {
    hasEnded = await syncPaymentWithProvider(app, provider, pending);
  } catch (error) {
    // The provider cannot say: the running payment still stands.
    if (!(error instanceof AppError) || error.code !== 'PAYMENT_PROVIDER_UNAVAILABLE') throw error;
  }
  if (!hasEnded) throw new AppError('PAYMENT_IN_PROGRESS');
  // It ended: paid at the bank after all (409 INVOICE_NOT_PAYABLE), or free to try again.
  return requirePayableInvoice(app, input.userId, input.letterId);
}

function paymentDetailsOf(invoice: InvoiceRow) {
  const amount = Number(invoice.invoice_amount);
  const { invoice_currency: currency, invoice_iban: iban } = invoice;
  if (!Number.isInteger(amount) || amount <= 0 || !currency || !iban) {
    throw new AppError('INVOICE_NOT_PAYABLE');
  }
  return {
    amount,
    currency,
    iban,
    bic: invoice.invoice_bic,
    creditorName: invoice.provider_name,
    reference: invoice.invoice_reference ?? invoice.subject,
  };
}

/**
 * POST /invoices/:id/payments: hands the payment to the provider, then records it as
 * pending with the provider's redirect. Nothing is written when the provider fails, so a
 * failed start never blocks the next try. Racing requests meet at the unique indexes (one
 * pending payment per invoice; one payment per user and key): the loser answers 409, unless
 * it carries the winner's key, and then it answers the winner's payment.
 */
export async function startPayment(
  app: FastifyInstance,
  provider: PaymentProvider,
  input: StartPaymentInput,
): Promise<{ payment: Payment; isCreated: boolean }> {
  const retried = await findRetriedPayment(app, input);
  if (retried) return { payment: retried, isCreated: false };
  try {
    return { payment: await startNewPayment(app, provider, input), isCreated: true };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
    // A twin with the same key (a double click) may have won in the meantime.
    const twin = await findRetriedPayment(app, input);
    if (twin) return { payment: twin, isCreated: false };
    throw error;
  }
}

async function startNewPayment(
  app: FastifyInstance,
  provider: PaymentProvider,
  input: StartPaymentInput,
): Promise<Payment> {
  const invoice = await requireNoPaymentInProgress(app, provider, input);
  const details = paymentDetailsOf(invoice);
  const user = await getUserById(app.db, input.userId);
  const startedAt = app.clock.now();
  const paymentId = newId(startedAt.getTime());

  const initiated = await provider.initiate({
    ...details,
    paymentId,
    returnUrl: `${app.config.publicUrl}/invoice-tink?payment_id=${encodeURIComponent(paymentId)}`,
    language: user ? userLanguage(user) : 'en',
  });

  const row: Selectable<PaymentsTable> = {
    id: paymentId,
    letter_id: invoice.id,
    account_id: invoice.account_id,
    user_id: input.userId,
    method: provider.method,
    external_id: initiated.externalId,
    status: 'pending',
    amount: details.amount,
    currency: details.currency,
    failure_reason: null,
    failure_message: null,
    redirect_url: initiated.redirectUrl,
    idempotency_key: input.idempotencyKey,
    created_at: startedAt.toISOString(),
    updated_at: startedAt.toISOString(),
    completed_at: null,
  };
  try {
    await app.db.transaction().execute(async (trx) => {
      await insertPayment(trx, row);
      const isPending = await setInvoicePaymentState(app, trx, invoice.id, 'payment_pending');
      if (!isPending) throw new AppError('INVOICE_NOT_PAYABLE');
      await recordAuditEvent(app, trx, {
        userId: input.userId,
        type: 'payment_started',
        origin: input.origin,
      });
    });
  } catch (error) {
    // Another request's payment got in first (its bank payment is left to expire unused).
    if (isUniqueViolation(error)) throw new AppError('PAYMENT_IN_PROGRESS');
    throw error;
  }
  await publishInvoicesChanged(app, invoice.account_id);
  return toPayment(row);
}

/** A payment as stored, for any member of its account (viewers too); else 404. */
export async function getPayment(
  app: FastifyInstance,
  userId: string,
  paymentId: string,
): Promise<Payment> {
  const payment = await findPaymentForUser(app.db, userId, paymentId);
  if (!payment) throw new AppError('NOT_FOUND');
  return toPayment(payment);
}

/**
 * The payer is back from the bank: ask the provider, never the return URL, and settle.
 * Idempotent: an ended payment is answered as stored.
 */
export async function refreshPayment(
  app: FastifyInstance,
  provider: PaymentProvider,
  userId: string,
  paymentId: string,
): Promise<Payment> {
  const payment = await findPaymentForUser(app.db, userId, paymentId);
  if (!payment) throw new AppError('NOT_FOUND');
  assertCan(payment.role, 'pay');
  if (payment.status !== 'pending') return toPayment(payment);
  await syncPaymentWithProvider(app, provider, payment);
  const current = await findPaymentForUser(app.db, userId, paymentId);
  if (!current) throw new AppError('NOT_FOUND');
  return toPayment(current);
}
