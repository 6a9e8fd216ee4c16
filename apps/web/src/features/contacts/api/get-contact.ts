import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactSchema } from '@kuvert/shared/contacts';
import type { Contact } from '@kuvert/shared/contacts';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getContact(contactId: string, signal?: AbortSignal): Promise<Contact> {
  return apiRequest(`/api/contacts/${encodeURIComponent(contactId)}`, {
    schema: contactSchema,
    ...(signal ? { signal } : {}),
  });
}

export const contactQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.contacts, 'detail', contactId],
    queryFn: ({ signal }) => getContact(contactId, signal),
  });

export function useContact(contactId: string) {
  return useQuery(contactQueryOptions(contactId));
}
