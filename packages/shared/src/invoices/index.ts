import { z } from 'zod';
import { moneySchema, providerRefSchema } from '../letters/index.ts';
import { paymentSchema } from '../payments/index.ts';

/**
 * What the user sees of an invoice. `overdue` is derived: an unpaid invoice whose due date
 * lies before today. `failed` means the last payment attempt failed; the invoice is still owed.
 */
export const invoiceStatuses = [
  'open',
  'payment_pending',
  'paid',
  'overdue',
  'failed',
  'cancelled',
] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Statuses kept in the database; `overdue` is never stored. */
export const storedInvoiceStatuses = [
  'open',
  'payment_pending',
  'paid',
  'failed',
  'cancelled',
] as const;
export type StoredInvoiceStatus = (typeof storedInvoiceStatuses)[number];

/** Still owed: shown in /open-invoices, counted on home, reminded of. */
export const unpaidInvoiceStatuses = ['open', 'payment_pending', 'failed'] as const;

/** How an invoice came to be paid: through Kuvert's payment flow, or marked by the user. */
export const invoicePaidViaSchema = z.enum(['kuvert', 'elsewhere']);
export type InvoicePaidVia = z.infer<typeof invoicePaidViaSchema>;

export const invoiceSchema = z
  .object({
    letter_id: z.string(),
    account_id: z.string(),
    subject: z.string(),
    provider: providerRefSchema,
    created_at: z.iso.datetime(),
    amount: z.number().int().describe('Minor units: 12345 = 123.45'),
    currency: z.string().length(3),
    due_date: z.iso.date(),
    status: invoiceStatusSchema,
    is_overdue: z.boolean().describe('Unpaid and the due date has passed'),
    creditor: z.object({
      name: z.string(),
      iban: z.string().describe('Without spaces'),
      bic: z.string().nullable(),
    }),
    reference: z.string(),
    paid_at: z.iso.datetime().nullable(),
    paid_via: invoicePaidViaSchema.nullable(),
    cancelled_at: z.iso.datetime().nullable(),
    epc_qr_available: z
      .boolean()
      .describe('An EPC QR code (GiroCode) exists only for euro invoices up to 999,999,999.99'),
    can_pay: z.boolean().describe('Unpaid, not cancelled, and the caller may write'),
    active_payment: paymentSchema.nullable(),
    last_payment: paymentSchema.nullable().describe('The newest payment attempt, whatever its end'),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

export const openInvoicesQuerySchema = z.object({
  account_id: z.string().min(1),
  provider_id: z.string().optional(),
});
export type OpenInvoicesQuery = z.input<typeof openInvoicesQuerySchema>;

export const openInvoiceListSchema = z
  .object({
    items: z.array(invoiceSchema).describe('Unpaid invoices, earliest due date first'),
    totals: z.array(moneySchema).describe('One total per currency, over the filtered items'),
    providers: z
      .array(providerRefSchema)
      .describe('Every provider with unpaid invoices in the account, for the filter'),
  })
  .meta({ id: 'OpenInvoiceList' });
export type OpenInvoiceList = z.infer<typeof openInvoiceListSchema>;

export const markInvoicePaidRequestSchema = z
  .object({
    paid_on: z.iso
      .date()
      .optional()
      .describe('The day the user paid; today when left out. Not in the future.'),
  })
  .meta({ id: 'MarkInvoicePaidRequest' });
export type MarkInvoicePaidRequest = z.infer<typeof markInvoicePaidRequestSchema>;

/** Largest amount an EPC QR code can carry: 999,999,999.99 euros. */
export const EPC_QR_MAX_AMOUNT = 99_999_999_999;
