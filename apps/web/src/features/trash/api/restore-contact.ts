import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactSchema } from '@kuvert/shared/contacts';
import type { Contact } from '@kuvert/shared/contacts';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The contact leaves the trash and is in the address book again. */
export function restoreContact(contactId: string): Promise<Contact> {
  return apiRequest(`/api/trash/contacts/${encodeURIComponent(contactId)}/restore`, {
    method: 'POST',
    schema: contactSchema,
  });
}

export function useRestoreContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreContact,
    onSettled: () => invalidateAreas(queryClient, ['contacts', 'trash']),
  });
}
