import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceSchema } from '@kuvert/shared/invoices';
import type { Invoice, MarkInvoicePaidRequest } from '@kuvert/shared/invoices';
import { apiRequest } from '../../../lib/http.ts';
import { invoicePath, invoiceQueryOptions } from './get-invoice.ts';
import { invalidateInvoices } from './invalidate-invoices.ts';

interface MarkInvoicePaidInput extends MarkInvoicePaidRequest {
  letterId: string;
}

/** Paid elsewhere (at the bank counter, by standing order): no money moves through Kuvert. */
export function markInvoicePaid({ letterId, ...body }: MarkInvoicePaidInput): Promise<Invoice> {
  return apiRequest(`${invoicePath(letterId)}/mark-paid`, {
    method: 'POST',
    body,
    schema: invoiceSchema,
  });
}

export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInvoicePaid,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQueryOptions(invoice.letter_id).queryKey, invoice);
      return invalidateInvoices(queryClient);
    },
  });
}
