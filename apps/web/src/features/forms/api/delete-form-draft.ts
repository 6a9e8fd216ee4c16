import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

export function deleteFormDraft(draftId: string): Promise<void> {
  return apiRequest(`/api/form-drafts/${encodeURIComponent(draftId)}`, { method: 'DELETE' });
}

export function useDeleteFormDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFormDraft,
    // The drafts show on /forms and /forms/my alike.
    onSettled: () => invalidateAreas(queryClient, ['forms']),
  });
}
