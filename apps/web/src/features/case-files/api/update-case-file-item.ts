import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseFileItemSchema } from '@kuvert/shared/case-files';
import type { CaseFileItem, UpdateCaseFileItemRequest } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** Only the fields given change; `letter_ids` and `upload_ids` replace the lists. */
export function updateCaseFileItem(
  fileId: string,
  itemId: string,
  body: UpdateCaseFileItemRequest,
): Promise<CaseFileItem> {
  return apiRequest(
    `/api/case-files/${encodeURIComponent(fileId)}/items/${encodeURIComponent(itemId)}`,
    { method: 'PATCH', body, schema: caseFileItemSchema },
  );
}

export function useUpdateCaseFileItem(fileId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCaseFileItemRequest) => updateCaseFileItem(fileId, itemId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
