import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseFileItem, CreateCaseFileItemRequest } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function createCaseFileItem(
  fileId: string,
  body: CreateCaseFileItemRequest,
): Promise<CaseFileItem> {
  return apiCall(caseFileEndpoints.createItem, { params: { id: fileId }, body });
}

export function useCreateCaseFileItem(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaseFileItemRequest) => createCaseFileItem(fileId, body),
    // The timeline, the file's count and activity, and the files its letters are in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
