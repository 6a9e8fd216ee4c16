import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenSignatureRequestList } from '@kuvert/shared/signatures';
import { signatureEndpoints } from '@kuvert/shared/signatures/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getOpenSignatureRequests(signal?: AbortSignal): Promise<OpenSignatureRequestList> {
  return apiCall(signatureEndpoints.open, { signal });
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
