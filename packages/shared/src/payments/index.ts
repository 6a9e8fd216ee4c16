import { z } from 'zod';

/** The payment adapters: the built-in sandbox bank (test mode) and Tink payment initiation. */
export const paymentMethods = ['sandbox', 'tink'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * `pending`: handed to the bank, outcome unknown. `succeeded`: the bank executed it.
 * `failed`: the bank refused or it ran out of time. `cancelled`: the user gave up at the bank.
 */
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Why a payment did not go through; the client shows a translated message for each. */
export const paymentFailureReasons = [
  'declined',
  'cancelled_by_user',
  'expired',
  'insufficient_funds',
  'provider_error',
] as const;
export const paymentFailureReasonSchema = z.enum(paymentFailureReasons);
export type PaymentFailureReason = z.infer<typeof paymentFailureReasonSchema>;

export const paymentSchema = z
  .object({
    id: z.string(),
    letter_id: z.string().describe('The invoice (a letter of kind invoice)'),
    method: paymentMethodSchema,
    status: paymentStatusSchema,
    amount: z.number().int(),
    currency: z.string().length(3),
    failure_reason: paymentFailureReasonSchema.nullable(),
    redirect_url: z
      .string()
      .nullable()
      .describe('Where the user approves the payment at the bank; only while it is pending'),
    is_test_mode: z.boolean().describe('True for the sandbox bank: no money moves'),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Letters, digits and _ . : - only');

export const createPaymentHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.describe(
    'One key per pay attempt: a retry or double click with the same key returns the same payment',
  ),
});
