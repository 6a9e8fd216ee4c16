import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseFileSchema } from '@kuvert/shared/case-files';
import type { CaseFile, CreateCaseFileRequest } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** A new file made from "Add to a file" ("New file…"), to add to at once. */
export function createCaseFileChoice(body: CreateCaseFileRequest): Promise<CaseFile> {
  return apiRequest('/api/case-files', { method: 'POST', body, schema: caseFileSchema });
}

export function useCreateCaseFileChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCaseFileChoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
