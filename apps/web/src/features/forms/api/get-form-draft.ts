import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormDraft } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { formFillKeys } from './form-fill-keys.ts';

/** GET /api/form-drafts/{id}: a draft with its answers and the files they name. */
export function getFormDraft(draftId: string, signal?: AbortSignal): Promise<FormDraft> {
  return apiCall(formEndpoints.draft, { params: { id: draftId }, signal });
}

export const formDraftQueryOptions = (draftId: string) =>
  queryOptions({
    queryKey: [...formFillKeys.draft, draftId],
    queryFn: ({ signal }) => getFormDraft(draftId, signal),
    // Loaded once to go on filling out: a refetch must never overwrite what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useFormDraft(draftId: string | null) {
  return useQuery({ ...formDraftQueryOptions(draftId ?? ''), enabled: draftId !== null });
}
