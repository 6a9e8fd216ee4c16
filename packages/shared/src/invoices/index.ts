import { z } from 'zod';
import { moneySchema, providerRefSchema } from '../letters/index.ts';
import { paymentSchema } from '../payments/index.ts';
import { invoicePaidViaSchema, invoiceStatusSchema } from './status.ts';

export * from './status.ts';

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
    paid_by: z
      .object({ name: z.string(), is_you: z.boolean() })
      .nullable()
      .describe('Who paid it or marked it paid (in a shared mailbox, not always the caller)'),
    cancelled_at: z.iso.datetime().nullable(),
    epc_qr_available: z
      .boolean()
      .describe(
        'GET …/epc-qr.png answers an EPC QR code (GiroCode): only for unpaid euro invoices up to 999,999,999.99',
      ),
    can_pay: z
      .boolean()
      .describe(
        'Unpaid (a pending payment included: offer to continue active_payment), not in the trash, and the caller may write',
      ),
    active_payment: paymentSchema.nullable(),
    last_payment: paymentSchema.nullable().describe('The newest payment attempt, whatever its end'),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListStatusSchema = z.enum(['unpaid', 'paid']);
export type InvoiceListStatus = z.infer<typeof invoiceListStatusSchema>;

/** The most paid invoices one list answers: the newest payments. */
export const PAID_INVOICES_LIMIT = 100;

export const openInvoicesQuerySchema = z.object({
  account_id: z.string().min(1),
  provider_id: z.string().optional(),
  status: invoiceListStatusSchema
    .default('unpaid')
    .describe(
      `unpaid: every unpaid invoice, earliest due date first. paid: the ${PAID_INVOICES_LIMIT} most recently paid invoices, newest payment first`,
    ),
});
export type OpenInvoicesQuery = z.input<typeof openInvoicesQuerySchema>;

export const openInvoiceListSchema = z
  .object({
    items: z
      .array(invoiceSchema)
      .describe(
        'Unpaid invoices, earliest due date first; or (status=paid) paid ones, newest payment first',
      ),
    totals: z.array(moneySchema).describe('One total per currency, over the returned items'),
    providers: z
      .array(providerRefSchema)
      .describe(
        'Every provider with invoices of the requested status in the account, for the filter',
      ),
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
