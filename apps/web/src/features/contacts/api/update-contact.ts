import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactSchema } from '@kuvert/shared/contacts';
import type { Contact, UpdateContactRequest } from '@kuvert/shared/contacts';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function updateContact(contactId: string, body: UpdateContactRequest): Promise<Contact> {
  return apiRequest(`/api/contacts/${encodeURIComponent(contactId)}`, {
    method: 'PUT',
    body,
    schema: contactSchema,
  });
}

export function useUpdateContact(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContactRequest) => updateContact(contactId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.contacts }),
  });
}
