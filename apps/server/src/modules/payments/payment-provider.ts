import type { Language } from '@kuvert/shared/auth';
import type { PaymentFailureReason, PaymentMethod } from '@kuvert/shared/payments';

export interface PaymentInitiation {
  /** Kuvert's id of the payment, already part of `returnUrl`. */
  paymentId: string;
  /** Minor units: 12345 = 123.45. */
  amount: number;
  currency: string;
  creditorName: string;
  iban: string;
  bic: string | null;
  reference: string;
  /** Where the provider sends the payer back: `${publicUrl}/invoice-tink?payment_id=…`. */
  returnUrl: string;
  language: Language;
}

export interface InitiatedPayment {
  /** The provider's id, to ask for the status later. */
  externalId: string;
  /** Where the payer approves the payment. */
  redirectUrl: string;
}

/** What the provider says about a payment, in Kuvert's words. */
export type ProviderPaymentStatus =
  | { status: 'pending' }
  | { status: 'succeeded' }
  | { status: 'failed' | 'cancelled'; failureReason: PaymentFailureReason; message?: string };

export interface StartedPayment {
  externalId: string;
  startedAt: Date;
}

/**
 * The one place Kuvert talks to a bank. Both methods throw AppError
 * PAYMENT_PROVIDER_UNAVAILABLE (502) when the provider cannot be reached or answers nonsense.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  initiate(payment: PaymentInitiation): Promise<InitiatedPayment>;
  getStatus(payment: StartedPayment): Promise<ProviderPaymentStatus>;
}
