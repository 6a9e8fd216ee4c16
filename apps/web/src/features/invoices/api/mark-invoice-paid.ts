import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, MarkInvoicePaidRequest } from '@kuvert/shared/invoices';
import { invoiceEndpoints } from '@kuvert/shared/invoices/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invoiceQueryOptions } from './get-invoice.ts';
import { invalidateInvoices } from './invalidate-invoices.ts';

interface MarkInvoicePaidInput extends MarkInvoicePaidRequest {
  letterId: string;
}

/** Paid elsewhere (at the bank counter, by standing order): no money moves through Kuvert. */
export function markInvoicePaid({ letterId, ...body }: MarkInvoicePaidInput): Promise<Invoice> {
  return apiCall(invoiceEndpoints.markPaid, { params: { id: letterId }, body });
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
