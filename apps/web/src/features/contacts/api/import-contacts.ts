import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactImportRequest, ContactImportResult } from '@kuvert/shared/contacts';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function importContacts(body: ContactImportRequest): Promise<ContactImportResult> {
  return apiCall(contactEndpoints.import, { body });
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContacts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.contacts }),
  });
}
