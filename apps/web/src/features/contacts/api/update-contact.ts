import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, UpdateContactRequest } from '@kuvert/shared/contacts';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function updateContact(contactId: string, body: UpdateContactRequest): Promise<Contact> {
  return apiCall(contactEndpoints.update, { params: { id: contactId }, body });
}

export function useUpdateContact(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContactRequest) => updateContact(contactId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.contacts }),
  });
}
