import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseFileSchema } from '@kuvert/shared/case-files';
import type { CaseFile, CreateCaseFileRequest } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function createCaseFile(body: CreateCaseFileRequest): Promise<CaseFile> {
  return apiRequest('/api/case-files', { method: 'POST', body, schema: caseFileSchema });
}

export function useCreateCaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCaseFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
