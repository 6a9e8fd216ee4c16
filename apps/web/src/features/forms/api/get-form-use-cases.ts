import { queryOptions, useQuery } from '@tanstack/react-query';
import { formUseCaseListSchema } from '@kuvert/shared/forms';
import type { FormUseCaseList } from '@kuvert/shared/forms';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFormUseCases(signal?: AbortSignal): Promise<FormUseCaseList> {
  return apiRequest('/api/forms/use-cases', {
    schema: formUseCaseListSchema,
    ...(signal ? { signal } : {}),
  });
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
