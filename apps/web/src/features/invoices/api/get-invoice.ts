import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoiceSchema } from '@kuvert/shared/invoices';
import type { Invoice } from '@kuvert/shared/invoices';
import { env } from '../../../config/env.ts';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export const invoicePath = (letterId: string) => `/api/invoices/${encodeURIComponent(letterId)}`;

export function getInvoice(letterId: string, signal?: AbortSignal): Promise<Invoice> {
  return apiRequest(invoicePath(letterId), {
    schema: invoiceSchema,
    ...(signal ? { signal } : {}),
  });
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
  return `${env.apiBaseUrl}${invoicePath(letterId)}/epc-qr.png`;
}
