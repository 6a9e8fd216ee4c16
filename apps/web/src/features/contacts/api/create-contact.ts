import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, CreateContactRequest } from '@kuvert/shared/contacts';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function createContact(body: CreateContactRequest): Promise<Contact> {
  return apiCall(contactEndpoints.create, { body });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.contacts }),
  });
}
