import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseFile } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The file comes back from the trash with the items that went with it. */
export function restoreCaseFile(fileId: string): Promise<CaseFile> {
  return apiCall(caseFileEndpoints.restore, { params: { id: fileId } });
}

export function useRestoreCaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCaseFile,
    onSettled: () => invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}

/**
 * The undo of a notification: it outlives the page that trashed the file (a mutation's own
 * callbacks do not), so it is a plain call that refreshes the lists when it is done.
 */
export function useRestoreCaseFileLater() {
  const queryClient = useQueryClient();
  return async (fileId: string): Promise<CaseFile> => {
    try {
      return await restoreCaseFile(fileId);
    } finally {
      void invalidateAreas(queryClient, ['caseFiles', 'trash']);
    }
  };
}
