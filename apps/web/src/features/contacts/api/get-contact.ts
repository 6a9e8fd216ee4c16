import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@kuvert/shared/contacts';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getContact(contactId: string, signal?: AbortSignal): Promise<Contact> {
  return apiCall(contactEndpoints.get, { params: { id: contactId }, signal });
}

export const contactQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.contacts, 'detail', contactId],
    queryFn: ({ signal }) => getContact(contactId, signal),
  });

export function useContact(contactId: string) {
  return useQuery(contactQueryOptions(contactId));
}
