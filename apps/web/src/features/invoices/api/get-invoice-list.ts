import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceListStatus, OpenInvoiceList } from '@kuvert/shared/invoices';
import { invoiceEndpoints } from '@kuvert/shared/invoices/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getInvoiceList(
  accountId: string,
  status: InvoiceListStatus,
  providerId: string | null,
  signal?: AbortSignal,
): Promise<OpenInvoiceList> {
  const params = new URLSearchParams({ account_id: accountId, status });
  if (providerId !== null) params.set('provider_id', providerId);
  return apiCall(invoiceEndpoints.list, { query: params, signal });
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
