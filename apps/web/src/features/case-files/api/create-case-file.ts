import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseFile, CreateCaseFileRequest } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function createCaseFile(body: CreateCaseFileRequest): Promise<CaseFile> {
  return apiCall(caseFileEndpoints.create, { body });
}

export function useCreateCaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCaseFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
