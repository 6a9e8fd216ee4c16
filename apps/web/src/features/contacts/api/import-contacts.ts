import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactImportResultSchema } from '@kuvert/shared/contacts';
import type { ContactImportRequest, ContactImportResult } from '@kuvert/shared/contacts';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function importContacts(body: ContactImportRequest): Promise<ContactImportResult> {
  return apiRequest('/api/contacts/import', {
    method: 'POST',
    body,
    schema: contactImportResultSchema,
  });
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContacts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.contacts }),
  });
}
