import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { Invoice } from '@kuvert/shared/invoices';

/** How to ask for one invoice: the invoices' own cache key and fetcher. */
export interface InvoiceQuery {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<Invoice>;
}

/**
 * What the payment screens need of invoices: the invoice a payment is for, and telling the
 * invoice screens that its status changed. The route hands it in (a feature never imports
 * another), so the invoices' cache stays the invoices feature's own.
 */
export interface PaymentInvoices {
  invoiceQuery: (letterId: string) => InvoiceQuery;
  /** A payment ended: the invoice's panel, the lists, badges and counts ask again. */
  invalidate: (queryClient: QueryClient) => Promise<void>;
}

export const PaymentInvoicesContext = createContext<PaymentInvoices | null>(null);

export function usePaymentInvoices(): PaymentInvoices {
  const invoices = useContext(PaymentInvoicesContext);
  if (invoices === null) throw new Error('The payment screens need a PaymentInvoicesContext.');
  return invoices;
}

/** The invoice a payment is for; undefined while loading, or for null. */
export function usePaymentInvoice(letterId: string | null): Invoice | undefined {
  const { invoiceQuery } = usePaymentInvoices();
  return useQuery({ ...invoiceQuery(letterId ?? ''), enabled: letterId !== null }).data;
}
