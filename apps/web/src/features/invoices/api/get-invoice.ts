import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@kuvert/shared/invoices';
import { invoiceEndpoints } from '@kuvert/shared/invoices/endpoints';
import { apiCall, apiUrl } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getInvoice(letterId: string, signal?: AbortSignal): Promise<Invoice> {
  return apiCall(invoiceEndpoints.get, { params: { id: letterId }, signal });
}

export const invoiceQueryOptions = (letterId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.invoices, 'detail', letterId],
    queryFn: ({ signal }) => getInvoice(letterId, signal),
  });

export function useInvoice(letterId: string | null) {
  return useQuery({ ...invoiceQueryOptions(letterId ?? ''), enabled: letterId !== null });
}

/** The EPC QR code (GiroCode) as a PNG, for an `<img>`; only when `epc_qr_available`. */
export function epcQrImageUrl(letterId: string): string {
  return apiUrl(invoiceEndpoints.epcQr, { params: { id: letterId } });
}
