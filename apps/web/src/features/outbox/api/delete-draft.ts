import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

export function deleteDraft(draftId: string): Promise<void> {
  return apiRequest(`/api/letter-drafts/${encodeURIComponent(draftId)}`, { method: 'DELETE' });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: () => invalidateAreas(queryClient, ['drafts']),
  });
}
