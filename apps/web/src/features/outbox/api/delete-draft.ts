import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outboxEndpoints } from '@kuvert/shared/outbox/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

export function deleteDraft(draftId: string): Promise<void> {
  return apiCall(outboxEndpoints.deleteDraft, { params: { id: draftId } });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: () => invalidateAreas(queryClient, ['drafts']),
  });
}
