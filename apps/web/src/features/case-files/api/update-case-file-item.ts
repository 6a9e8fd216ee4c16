import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseFileItem, UpdateCaseFileItemRequest } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** Only the fields given change; `letter_ids` and `upload_ids` replace the lists. */
export function updateCaseFileItem(
  fileId: string,
  itemId: string,
  body: UpdateCaseFileItemRequest,
): Promise<CaseFileItem> {
  return apiCall(caseFileEndpoints.updateItem, { params: { id: fileId, itemId }, body });
}

export function useUpdateCaseFileItem(fileId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCaseFileItemRequest) => updateCaseFileItem(fileId, itemId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
