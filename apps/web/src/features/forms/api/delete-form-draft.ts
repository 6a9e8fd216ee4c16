import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

export function deleteFormDraft(draftId: string): Promise<void> {
  return apiCall(formEndpoints.deleteDraft, { params: { id: draftId } });
}

export function useDeleteFormDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFormDraft,
    // The drafts show on /forms and /forms/my alike.
    onSettled: () => invalidateAreas(queryClient, ['forms']),
  });
}
