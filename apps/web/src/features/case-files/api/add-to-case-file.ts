import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addToCaseFileResultSchema } from '@kuvert/shared/case-files';
import type { AddToCaseFileRequest, AddToCaseFileResult } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export interface AddToCaseFileInput {
  fileId: string;
  body: AddToCaseFileRequest;
}

/** Letters (received or sent) and uploads into a file: an item each, or one item with all. */
export function addToCaseFile({ fileId, body }: AddToCaseFileInput): Promise<AddToCaseFileResult> {
  return apiRequest(`/api/case-files/${encodeURIComponent(fileId)}/add`, {
    method: 'POST',
    body,
    schema: addToCaseFileResultSchema,
  });
}

/** Afterwards every case-file view refreshes: the file's timeline, the list, a letter's files. */
export function useAddToCaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCaseFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.caseFiles }),
  });
}
