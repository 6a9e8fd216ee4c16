import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseFileSchema } from '@kuvert/shared/case-files';
import type { CaseFile, UpdateCaseFileRequest } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** Only the fields given change. */
export function updateCaseFile(fileId: string, body: UpdateCaseFileRequest): Promise<CaseFile> {
  return apiRequest(`/api/case-files/${encodeURIComponent(fileId)}`, {
    method: 'PATCH',
    body,
    schema: caseFileSchema,
  });
}

export function useUpdateCaseFile(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCaseFileRequest) => updateCaseFile(fileId, body),
    // Items show their file's title and colour, letters the files they are in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
