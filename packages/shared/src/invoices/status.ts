import { z } from 'zod';

/*
 * Invoice statuses on their own, so that letters (whose summaries carry the status) can use
 * them without importing the invoice schemas, which import letters.
 */

/**
 * What the user sees of an invoice. `overdue` is derived by the server: an unpaid invoice
 * whose due date lies before today in the server's time zone (its `TIME_ZONE` setting). `failed` means the last payment attempt failed; the invoice is still owed.
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
