import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseFileItemSchema } from '@kuvert/shared/case-files';
import type { CaseFileItem } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** The item goes to another live file of the same account; answers it as it is there. */
export function moveCaseFileItem(
  fileId: string,
  itemId: string,
  toFileId: string,
): Promise<CaseFileItem> {
  return apiRequest(
    `/api/case-files/${encodeURIComponent(fileId)}/items/${encodeURIComponent(itemId)}/move`,
    { method: 'POST', body: { file_id: toFileId }, schema: caseFileItemSchema },
  );
}

export function useMoveCaseFileItem(fileId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toFileId: string) => moveCaseFileItem(fileId, itemId, toFileId),
    // Not awaited: the page goes to the item's new address at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
