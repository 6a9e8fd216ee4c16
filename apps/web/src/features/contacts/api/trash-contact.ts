import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The contact goes to the trash: restored from there, or by the undo right after. */
export function trashContact(contactId: string): Promise<void> {
  return apiRequest(`/api/contacts/${encodeURIComponent(contactId)}`, { method: 'DELETE' });
}

export function useTrashContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trashContact,
    onSettled: () => invalidateAreas(queryClient, ['contacts', 'trash']),
  });
}
