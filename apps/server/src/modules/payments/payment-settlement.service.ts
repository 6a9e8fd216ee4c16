import type { FastifyInstance } from 'fastify';
import {
  publishInvoicesChanged,
  recordInvoicePaid,
  setInvoicePaymentState,
} from '../invoices/invoices.service.ts';
import type { PaymentProvider, ProviderPaymentStatus } from './payment-provider.ts';
import { settlePendingPayment, type PaymentRow } from './payments.repository.ts';

/**
 * Ends a pending payment as the provider says, once: the compare-and-set on the payment
 * decides which of several callers (the payer's refresh, a second tab, the safety net on
 * another instance) moves the invoice and queues the provider's `invoice.paid` webhook.
 * Answers whether this call settled it.
 */
export async function applyProviderStatus(
  app: FastifyInstance,
  payment: PaymentRow,
  outcome: ProviderPaymentStatus,
): Promise<boolean> {
  if (outcome.status === 'pending') return false;
  const now = app.clock.now();
  const isSettled = await app.db.transaction().execute(async (trx) => {
    const hasSettled = await settlePendingPayment(trx, payment.id, {
      status: outcome.status,
      failure_reason: outcome.status === 'succeeded' ? null : outcome.failureReason,
      failure_message: outcome.status === 'succeeded' ? null : (outcome.message ?? null),
      completed_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    if (!hasSettled) return false;
    if (outcome.status === 'succeeded') {
      const isPaidNow = await recordInvoicePaid(app, trx, {
        letterId: payment.letter_id,
        via: 'kuvert',
        userId: payment.user_id,
        paidAt: now,
      });
      // Paid, or cancelled by the provider, in the meantime: the money still moved.
      if (!isPaidNow) {
        app.log.warn({ paymentId: payment.id }, 'payment succeeded on a closed invoice');
      }
    } else {
      await setInvoicePaymentState(
        app,
        trx,
        payment.letter_id,
        outcome.status === 'failed' ? 'failed' : 'open',
      );
    }
    return true;
  });
  if (isSettled) await publishInvoicesChanged(app, payment.account_id);
  return isSettled;
}

/** Asks the provider about a pending payment and settles it if it has ended. */
export async function syncPaymentWithProvider(
  app: FastifyInstance,
  provider: PaymentProvider,
  payment: PaymentRow,
): Promise<boolean> {
  if (payment.status !== 'pending' || payment.external_id === null) return false;
  if (payment.method !== provider.method) {
    // Started with a provider this instance no longer uses (the operator switched): nobody
    // can answer for it, and it must not block the invoice for ever.
    return applyProviderStatus(app, payment, {
      status: 'failed',
      failureReason: 'provider_error',
      message: `Started with ${payment.method}, which is no longer configured`,
    });
  }
  const outcome = await provider.getStatus({
    externalId: payment.external_id,
    startedAt: new Date(payment.created_at),
  });
  return applyProviderStatus(app, payment, outcome);
}
