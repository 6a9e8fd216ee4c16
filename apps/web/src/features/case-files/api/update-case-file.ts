import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseFile, UpdateCaseFileRequest } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** Only the fields given change. */
export function updateCaseFile(fileId: string, body: UpdateCaseFileRequest): Promise<CaseFile> {
  return apiCall(caseFileEndpoints.update, { params: { id: fileId }, body });
}

export function useUpdateCaseFile(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCaseFileRequest) => updateCaseFile(fileId, body),
    // Items show their file's title and colour, letters the files they are in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
