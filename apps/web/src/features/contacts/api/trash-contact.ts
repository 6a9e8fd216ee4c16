import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The contact goes to the trash: restored from there, or by the undo right after. */
export function trashContact(contactId: string): Promise<void> {
  return apiCall(contactEndpoints.trash, { params: { id: contactId } });
}

export function useTrashContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trashContact,
    onSettled: () => invalidateAreas(queryClient, ['contacts', 'trash']),
  });
}
