import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormSubmissionSummary, SubmitFormRequest } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { refreshFormLists } from './form-fill-keys.ts';

/** POST /api/forms/{formId}/submissions: checked again, stored, delivered to the provider. */
export function submitForm(
  formId: string,
  request: SubmitFormRequest,
): Promise<FormSubmissionSummary> {
  return apiCall(formEndpoints.submit, { params: { formId }, body: request });
}

export function useSubmitForm(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SubmitFormRequest) => submitForm(formId, request),
    // The draft it was written in is gone; the submission is in /forms/my.
    onSuccess: () => refreshFormLists(queryClient),
  });
}
