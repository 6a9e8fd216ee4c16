import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

export function deleteContactForever(contactId: string): Promise<void> {
  return apiRequest(`/api/trash/contacts/${encodeURIComponent(contactId)}`, { method: 'DELETE' });
}

export function useDeleteContactForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactForever,
    onSettled: () => invalidateAreas(queryClient, ['contacts', 'trash']),
  });
}
