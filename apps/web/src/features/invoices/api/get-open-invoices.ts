import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { openInvoiceListSchema } from '@kuvert/shared/invoices';
import type { OpenInvoiceList } from '@kuvert/shared/invoices';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getOpenInvoices(
  accountId: string,
  providerId: string | null,
  signal?: AbortSignal,
): Promise<OpenInvoiceList> {
  const params = new URLSearchParams({ account_id: accountId });
  if (providerId !== null) params.set('provider_id', providerId);
  return apiRequest(`/api/invoices?${params.toString()}`, {
    schema: openInvoiceListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const openInvoicesQueryOptions = (accountId: string, providerId: string | null) =>
  queryOptions({
    queryKey: [...mailboxKeys.invoices, 'open', accountId, providerId],
    queryFn: ({ signal }) => getOpenInvoices(accountId, providerId, signal),
  });

export function useOpenInvoices(accountId: string | null, providerId: string | null) {
  return useQuery({
    ...openInvoicesQueryOptions(accountId ?? '', providerId),
    enabled: accountId !== null,
    // Switching the provider filter keeps the list in place until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
