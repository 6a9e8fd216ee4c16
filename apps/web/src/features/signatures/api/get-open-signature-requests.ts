import { queryOptions, useQuery } from '@tanstack/react-query';
import { openSignatureRequestListSchema } from '@kuvert/shared/signatures';
import type { OpenSignatureRequestList } from '@kuvert/shared/signatures';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getOpenSignatureRequests(signal?: AbortSignal): Promise<OpenSignatureRequestList> {
  return apiRequest('/api/signature-requests/open', {
    schema: openSignatureRequestListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const openSignatureRequestsQueryOptions = () =>
  queryOptions({
    queryKey: [...mailboxKeys.signatures, 'open'],
    queryFn: ({ signal }) => getOpenSignatureRequests(signal),
  });

/** Everything waiting for the user's signature, across all their accounts. */
export function useOpenSignatureRequests() {
  return useQuery(openSignatureRequestsQueryOptions());
}
