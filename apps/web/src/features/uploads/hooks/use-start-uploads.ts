import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UploadPurpose } from '@kuvert/shared/uploads';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';
import { useUploadUsage } from '../api/get-upload-usage.ts';
import { addFiles } from './upload-queue.ts';

/**
 * Starts uploading files into the mailbox; the lists refresh as each one is kept. Returns the
 * queue keys of the files, to follow them (none when no mailbox is chosen). A `mail_merge`
 * upload (a merge's CSV) is kept out of the uploads' lists and search.
 */
export function useStartUploads(accountId: string | null, purpose: UploadPurpose = 'library') {
  const queryClient = useQueryClient();
  const maxFileBytes = useUploadUsage(accountId).data?.max_file_bytes ?? null;
  return useCallback(
    (files: readonly File[]): string[] => {
      if (accountId === null || files.length === 0) return [];
      return addFiles(files, {
        accountId,
        purpose,
        maxFileBytes,
        onServerChange: () => void invalidateAreas(queryClient, uploadDependentAreas),
      });
    },
    [accountId, purpose, maxFileBytes, queryClient],
  );
}
