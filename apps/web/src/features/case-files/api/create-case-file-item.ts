import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseFileItemSchema } from '@kuvert/shared/case-files';
import type { CaseFileItem, CreateCaseFileItemRequest } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function createCaseFileItem(
  fileId: string,
  body: CreateCaseFileItemRequest,
): Promise<CaseFileItem> {
  return apiRequest(`/api/case-files/${encodeURIComponent(fileId)}/items`, {
    method: 'POST',
    body,
    schema: caseFileItemSchema,
  });
}

export function useCreateCaseFileItem(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaseFileItemRequest) => createCaseFileItem(fileId, body),
    // The timeline, the file's count and activity, and the files its letters are in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
