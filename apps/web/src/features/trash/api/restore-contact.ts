import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@kuvert/shared/contacts';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The contact leaves the trash and is in the address book again. */
export function restoreContact(contactId: string): Promise<Contact> {
  return apiCall(contactEndpoints.restore, { params: { id: contactId } });
}

export function useRestoreContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreContact,
    onSettled: () => invalidateAreas(queryClient, ['contacts', 'trash']),
  });
}
