import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { openInvoiceListSchema } from '@kuvert/shared/invoices';
import type { InvoiceListStatus, OpenInvoiceList } from '@kuvert/shared/invoices';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getInvoiceList(
  accountId: string,
  status: InvoiceListStatus,
  providerId: string | null,
  signal?: AbortSignal,
): Promise<OpenInvoiceList> {
  const params = new URLSearchParams({ account_id: accountId, status });
  if (providerId !== null) params.set('provider_id', providerId);
  return apiRequest(`/api/invoices?${params.toString()}`, {
    schema: openInvoiceListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const invoiceListQueryOptions = (
  accountId: string,
  status: InvoiceListStatus,
  providerId: string | null,
) =>
  queryOptions({
    queryKey: [...mailboxKeys.invoices, 'list', accountId, status, providerId],
    queryFn: ({ signal }) => getInvoiceList(accountId, status, providerId, signal),
  });

/** The unpaid invoices of the account, or (status paid) its most recently paid ones. */
export function useInvoiceList(
  accountId: string | null,
  status: InvoiceListStatus,
  providerId: string | null,
) {
  return useQuery({
    ...invoiceListQueryOptions(accountId ?? '', status, providerId),
    enabled: accountId !== null,
    // Switching the provider filter keeps the list in place until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
