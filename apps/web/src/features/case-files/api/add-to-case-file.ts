import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCaseFileRequest, AddToCaseFileResult } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export interface AddToCaseFileInput {
  fileId: string;
  body: AddToCaseFileRequest;
}

/** Letters (received or sent) and uploads into a file: an item each, or one item with all. */
export function addToCaseFile({ fileId, body }: AddToCaseFileInput): Promise<AddToCaseFileResult> {
  return apiCall(caseFileEndpoints.add, { params: { id: fileId }, body });
}

/** Afterwards every case-file view refreshes: the file's timeline, the list, a letter's files. */
export function useAddToCaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCaseFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
