import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactSchema } from '@kuvert/shared/contacts';
import type { Contact, CreateContactRequest } from '@kuvert/shared/contacts';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function createContact(body: CreateContactRequest): Promise<Contact> {
  return apiRequest('/api/contacts', { method: 'POST', body, schema: contactSchema });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.contacts }),
  });
}
