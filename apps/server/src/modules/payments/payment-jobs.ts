import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { syncPaymentWithProvider } from './payment-settlement.service.ts';
import { findStalePendingPayments } from './payments.repository.ts';

export const PAYMENT_RECHECK_JOB = 'payments.recheck';
const RECHECK_INTERVAL_MINUTES = 2;
/** Payers normally come back within a minute or two and refresh the payment themselves. */
const RECHECK_AFTER_SECONDS = 5 * 60;
const RECHECK_BATCH_SIZE = 50;

/**
 * The safety net for payers who never come back from the bank: pending payments older than
 * a few minutes are asked about again, so invoices do not stay `payment_pending`. Settling
 * is a compare-and-set, so instances (and the payer's own refresh) may race harmlessly.
 */
export async function recheckStalePayments(
  app: FastifyInstance,
  provider: PaymentProvider,
): Promise<number> {
  const startedBefore = addSeconds(app.clock.now(), -RECHECK_AFTER_SECONDS).toISOString();
  const payments = await findStalePendingPayments(app.db, startedBefore, RECHECK_BATCH_SIZE);
  let settled = 0;
  for (const payment of payments) {
    try {
      if (await syncPaymentWithProvider(app, provider, payment)) settled += 1;
    } catch (error) {
      // One payment the provider cannot answer for must not hold up the others.
      app.log.warn({ err: error, paymentId: payment.id }, 'pending payment not rechecked');
    }
  }
  return settled;
}

/** Queues this period's recheck unless it ran already, as an instance's start does. */
export function schedulePaymentRecheck(app: FastifyInstance): Promise<void> {
  return app.jobs.schedulePeriodic(PAYMENT_RECHECK_JOB);
}

export function registerPaymentJobs(app: FastifyInstance, provider: PaymentProvider): void {
  app.jobs.every({
    type: PAYMENT_RECHECK_JOB,
    period: { minutes: RECHECK_INTERVAL_MINUTES },
    run: async () => {
      const settled = await recheckStalePayments(app, provider);
      if (settled > 0) app.log.info({ settled }, 'settled payments nobody came back for');
    },
  });
}
