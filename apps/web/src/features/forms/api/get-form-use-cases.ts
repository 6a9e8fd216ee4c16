import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormUseCaseList } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFormUseCases(signal?: AbortSignal): Promise<FormUseCaseList> {
  return apiCall(formEndpoints.useCases, { signal });
}

export const formUseCasesQueryOptions = () =>
  queryOptions({
    queryKey: [...mailboxKeys.forms, 'use-cases'],
    queryFn: ({ signal }) => getFormUseCases(signal),
  });

/** How many published forms each use case has. */
export function useFormUseCases() {
  return useQuery(formUseCasesQueryOptions());
}
