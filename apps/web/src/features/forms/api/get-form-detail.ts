import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FormDetail } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { formFillKeys } from './form-fill-keys.ts';

/** GET /api/forms/{formId}: a form to fill out, at a version, prefilled for the account. */
export function getFormDetail(
  formId: string,
  accountId: string,
  version: number | null,
  signal?: AbortSignal,
): Promise<FormDetail> {
  const query = new URLSearchParams({ account_id: accountId });
  if (version !== null) query.set('version', String(version));
  return apiCall(formEndpoints.detail, { params: { formId }, query, signal });
}

export const formDetailQueryOptions = (formId: string, accountId: string, version: number | null) =>
  queryOptions({
    queryKey: [...formFillKeys.detail, formId, accountId, version ?? 'current'],
    queryFn: ({ signal }) => getFormDetail(formId, accountId, version, signal),
    // Loaded once to fill out: a refetch must never change the form under the person's hands.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The form at `version` (null: the current one); waits while there is no account. */
export function useFormDetail(formId: string, accountId: string | null, version: number | null) {
  return useQuery({
    ...formDetailQueryOptions(formId, accountId ?? '', version),
    enabled: accountId !== null,
    // Another sending account asks again (its prefill): the form stays on screen meanwhile.
    placeholderData: keepPreviousData,
  });
}
