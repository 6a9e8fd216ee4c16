import type { FastifyInstance } from 'fastify';
import {
  bankPaymentPath,
  createBankPayment,
  getBankPayment,
} from '../sandbox-bank/sandbox-bank.service.ts';
import type { PaymentProvider, ProviderPaymentStatus } from './payment-provider.ts';

/**
 * The sandbox bank as a payment provider: its "API" is a service in this process, its
 * consent pages are served by Kuvert. Test mode: no money moves.
 */
export function createSandboxAdapter(
  app: Pick<FastifyInstance, 'db' | 'clock' | 'config'>,
): PaymentProvider {
  return {
    method: 'sandbox',

    async initiate(payment) {
      const { id } = await createBankPayment(app, {
        amount: payment.amount,
        currency: payment.currency,
        creditorName: payment.creditorName,
        iban: payment.iban,
        reference: payment.reference,
        returnUrl: payment.returnUrl,
      });
      return {
        externalId: id,
        redirectUrl: `${app.config.publicUrl}${bankPaymentPath(id, payment.language)}`,
      };
    },

    async getStatus({ externalId }): Promise<ProviderPaymentStatus> {
      const payment = await getBankPayment(app, externalId);
      switch (payment?.status) {
        case 'pending':
          return { status: 'pending' };
        case 'approved':
          return { status: 'succeeded' };
        case 'declined':
          return { status: 'failed', failureReason: 'declined', message: 'Declined at the bank' };
        case 'abandoned':
          return { status: 'cancelled', failureReason: 'cancelled_by_user' };
        case 'expired':
          return { status: 'failed', failureReason: 'expired', message: 'Nobody decided in time' };
        default:
          return {
            status: 'failed',
            failureReason: 'provider_error',
            message: 'The bank does not know this payment',
          };
      }
    },
  };
}
