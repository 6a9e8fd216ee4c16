import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseFileItem } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** The item goes to another live file of the same account; answers it as it is there. */
export function moveCaseFileItem(
  fileId: string,
  itemId: string,
  toFileId: string,
): Promise<CaseFileItem> {
  return apiCall(caseFileEndpoints.moveItem, {
    params: { id: fileId, itemId },
    body: { file_id: toFileId },
  });
}

export function useMoveCaseFileItem(fileId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toFileId: string) => moveCaseFileItem(fileId, itemId, toFileId),
    // Not awaited: the page goes to the item's new address at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
